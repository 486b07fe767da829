using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>The buses callers see; each call enters the pipeline with fresh ids.</summary>
internal sealed class MessageBus(MessagePipeline pipeline, MessageCatalog catalog, CqrsBuilder builder) : ICommandBus, IEventBus, IQueryBus
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
            return await descriptor.AskAsync(pipeline.Services, query, cancellationToken).ConfigureAwait(false);
        }

        var scope = pipeline.Services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            return await descriptor.AskAsync(scope.ServiceProvider, query, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>A message from outside any handler; without a correlation id it starts a flow, which takes its id.</summary>
    private async ValueTask<SentMessage> EnterAsync<T>(T message, Guid? correlationId, CancellationToken cancellationToken)
    {
        var stamp = MessageIds.Next();
        var sent = new SentMessage(stamp.MessageId, correlationId ?? stamp.MessageId);
        await pipeline.SendAsync(message, stamp, sent.CorrelationId, cause: null, cancellationToken).ConfigureAwait(false);
        return sent;
    }
}
