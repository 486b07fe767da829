using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// Opt-in idempotency for handlers: runs a handler's work once per message id, remembered in the store.
/// Before the work the inbox claims the message in the store, for <see cref="EventSourcingOptions.InboxClaimDuration"/>
/// renewed while the work runs, and after it records the message as handled, so that instances sharing the store never
/// do the work at the same time, nor again later. A crash between the work and its record runs it again (at least once,
/// never lost). Two deliveries of one message in this process run one after the other, so the second is skipped; one in
/// another instance while this one works fails with <see cref="InboxClaimHeldException"/>, to be retried. Thread-safe.
/// </summary>
/// <example><code>
/// public ValueTask HandleAsync(AccountOpened @event, IMessageContext context, CancellationToken cancellationToken) =>
///     inbox.HandleOnceAsync(this, context, token => mailer.SendWelcomeAsync(@event.Owner, token), cancellationToken);
/// </code></example>
/// <param name="store">Where the claims and records are kept.</param>
/// <param name="options">The claim's duration.</param>
/// <param name="clock">Times the claim's renewals.</param>
/// <param name="logger">Where a claim that could not be released is logged; none when null.</param>
public sealed partial class Inbox(IInboxStore store, IOptions<EventSourcingOptions> options, TimeProvider clock, ILogger<Inbox>? logger = null)
{
    private readonly KeyedLocks _locks = new();
    private readonly TimeSpan _claimDuration = options.Value.InboxClaimDuration;
    private readonly ILogger _logger = logger ?? NullLogger<Inbox>.Instance;

    /// <summary>Runs <paramref name="work"/> unless <typeparamref name="THandler"/> has already handled the message.</summary>
    /// <returns>True when the work ran; false when it was a repeat.</returns>
    /// <exception cref="InboxClaimHeldException">Another instance is handling the message now; the work did not run.</exception>
    public async ValueTask<bool> HandleOnceAsync<THandler>(THandler handler, IMessageContext context, Func<CancellationToken, ValueTask> work, CancellationToken cancellationToken)
        where THandler : class
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(work);
        var handlerName = typeof(THandler).FullName ?? typeof(THandler).Name;
        var messageId = context.MessageId;
        using (await _locks.EnterAsync($"{handlerName}/{messageId}", cancellationToken).ConfigureAwait(false))
        {
            var claimant = Guid.NewGuid();
            switch (await store.ClaimAsync(handlerName, messageId, claimant, _claimDuration, cancellationToken).ConfigureAwait(false))
            {
                case InboxClaim.Handled:
                    return false;
                case InboxClaim.HeldElsewhere:
                    throw new InboxClaimHeldException(handlerName, messageId);
            }

            try
            {
                await WorkWhileClaimedAsync(handlerName, messageId, claimant, work, cancellationToken).ConfigureAwait(false);
            }
            catch
            {
                await ReleaseAfterFailureAsync(handlerName, messageId, claimant).ConfigureAwait(false);
                throw;
            }

            await store.MarkHandledAsync(handlerName, messageId, cancellationToken).ConfigureAwait(false);
            return true;
        }
    }

    /// <summary>
    /// Lets another delivery claim the message at once after its work failed. When the store fails at that too, the work's
    /// exception is still the one thrown, for it decides the retry or the dead-letter; the claim then lapses with its lease.
    /// </summary>
    private async Task ReleaseAfterFailureAsync(string handler, Guid messageId, Guid claimant)
    {
        try
        {
            await store.ReleaseClaimAsync(handler, messageId, claimant, CancellationToken.None).ConfigureAwait(false);
        }
        catch (Exception exception)
        {
            LogReleaseFailed(exception, handler, messageId, _claimDuration);
        }
    }

    /// <summary>Runs the work with its claim renewed meanwhile; the renewals stop when it ends, however it ends.</summary>
    private async Task WorkWhileClaimedAsync(string handler, Guid messageId, Guid claimant, Func<CancellationToken, ValueTask> work, CancellationToken cancellationToken)
    {
        using var renewal = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var renewing = RenewAsync(handler, messageId, claimant, renewal.Token);
        try
        {
            await work(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await renewal.CancelAsync().ConfigureAwait(false);
            await renewing.ConfigureAwait(false);
        }
    }

    /// <summary>Extends the claim every third of its duration until <paramref name="stop"/>, so that a long work keeps it.</summary>
    private async Task RenewAsync(string handler, Guid messageId, Guid claimant, CancellationToken stop)
    {
        while (true)
        {
            try
            {
                await Task.Delay(_claimDuration / 3, clock, stop).ConfigureAwait(false);
                await store.ClaimAsync(handler, messageId, claimant, _claimDuration, stop).ConfigureAwait(false);
            }
            catch (Exception) when (stop.IsCancellationRequested)
            {
                return;
            }
            catch (Exception)
            {
                // The store failed this once: the claim still holds for the rest of its lease, and the next renewal tries again.
            }
        }
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not release the inbox claim of {Handler} on message {MessageId} after its work failed; the message can be claimed again once the claim's lease of {ClaimDuration} lapses.")]
    private partial void LogReleaseFailed(Exception exception, string handler, Guid messageId, TimeSpan claimDuration);
}
