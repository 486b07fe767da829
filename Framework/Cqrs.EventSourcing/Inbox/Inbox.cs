namespace Cqrs.EventSourcing;

/// <summary>
/// Opt-in idempotency for handlers: runs a handler's work once per message id, remembered in the store.
/// The work is recorded after it succeeds, so a crash in between runs it again (at least once, never lost).
/// Two deliveries of one message in this process run one after the other, so the second is skipped. Thread-safe.
/// </summary>
/// <example><code>
/// public ValueTask HandleAsync(AccountOpened @event, IMessageContext context, CancellationToken cancellationToken) =>
///     inbox.HandleOnceAsync(this, context, token => mailer.SendWelcomeAsync(@event.Owner, token), cancellationToken);
/// </code></example>
public sealed class Inbox(IInboxStore store)
{
    private readonly KeyedLocks _locks = new();

    /// <summary>Runs <paramref name="work"/> unless <typeparamref name="THandler"/> has already handled the message.</summary>
    /// <returns>True when the work ran; false when it was a repeat.</returns>
    public async ValueTask<bool> HandleOnceAsync<THandler>(THandler handler, IMessageContext context, Func<CancellationToken, ValueTask> work, CancellationToken cancellationToken)
        where THandler : class
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(work);
        var handlerName = typeof(THandler).FullName ?? typeof(THandler).Name;
        using (await _locks.EnterAsync($"{handlerName}/{context.MessageId}", cancellationToken).ConfigureAwait(false))
        {
            if (await store.HasHandledAsync(handlerName, context.MessageId, cancellationToken).ConfigureAwait(false))
            {
                return false;
            }

            await work(cancellationToken).ConfigureAwait(false);
            await store.MarkHandledAsync(handlerName, context.MessageId, cancellationToken).ConfigureAwait(false);
            return true;
        }
    }
}
