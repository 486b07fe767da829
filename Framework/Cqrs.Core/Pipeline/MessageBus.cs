using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// The buses callers see; each call enters the pipeline with fresh ids. The first send starts the transport, unless
/// the host started it already: a container with no host has no one else to start it.
/// </summary>
internal sealed class MessageBus(MessagePipeline pipeline, MessageSender sender, MessageCatalog catalog, CqrsBuilder builder, IServiceProvider services)
    : ICommandBus, IEventBus, IQueryBus
{
    public ValueTask<SentMessage> SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand =>
        EnterAsync(command, correlationId: null, cancellationToken);

    public ValueTask<SentMessage> SendAsync<TCommand>(TCommand command, Guid correlationId, CancellationToken cancellationToken = default)
        where TCommand : ICommand =>
        EnterAsync(command, correlationId, cancellationToken);

    public ValueTask<SentMessage> PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent =>
        EnterAsync(@event, correlationId: null, cancellationToken);

    public async ValueTask<TResult> AskAsync<TResult>(IQuery<TResult> query, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(query);
        var descriptor = (QueryDescriptor<TResult>)catalog.GetQuery(query.GetType());
        if (builder.HandlerLifetime == ServiceLifetime.Singleton)
        {
            return await descriptor.AskAsync(services, query, cancellationToken).ConfigureAwait(false);
        }

        var scope = services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            return await descriptor.AskAsync(scope.ServiceProvider, query, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// A message from outside any handler; without a correlation id it starts a flow, which takes its id. A send that
    /// completes at once (direct dispatch, a transport with room) costs no async state machine. Failures come back
    /// in the returned task, as from an async method.
    /// </summary>
    private ValueTask<SentMessage> EnterAsync<T>(T message, Guid? correlationId, CancellationToken cancellationToken)
    {
        var stamp = sender.NextStamp();
        var sent = new SentMessage(stamp.MessageId, correlationId ?? stamp.MessageId);
        ValueTask sending;
        try
        {
            if (!pipeline.IsStarted)
            {
                pipeline.Start();
            }

            sending = sender.SendAsync(message, stamp, sent.CorrelationId, cause: null, cancellationToken);
        }
        catch (Exception exception)
        {
            return ValueTask.FromException<SentMessage>(exception);
        }

        if (!sending.IsCompletedSuccessfully)
        {
            return new(SentOnceDoneAsync(sending, sent));
        }

        sending.GetAwaiter().GetResult(); // consumes it, so a pooled task source goes back to its pool
        return new(sent);
    }

    /// <summary>
    /// A task, not a value task: it is called only for a send that did not complete at once, so it almost never
    /// completes synchronously, and a value task's builder would keep a second copy of the result (for a synchronous
    /// completion) in the state machine that every waiting send allocates.
    /// </summary>
    private static async Task<SentMessage> SentOnceDoneAsync(ValueTask sending, SentMessage sent)
    {
        await sending.ConfigureAwait(false);
        return sent;
    }
}
