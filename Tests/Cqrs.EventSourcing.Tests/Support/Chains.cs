namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>Starts a chain: its inbox handler publishes <see cref="ChainContinued"/> from inside its once-only work.</summary>
[WireName("tests.v1.chain-started")]
public sealed record ChainStarted([property: Key(0)] int Number) : IEvent;

/// <summary>Ends a chain: its inbox handler records the delivery.</summary>
[WireName("tests.v1.chain-continued")]
public sealed record ChainContinued([property: Key(0)] int Number) : IEvent;

/// <summary>Publishes the next link while it holds the inbox's lock for this message: in direct dispatch the next handler runs inside it.</summary>
public sealed class ContinueChain(Inbox inbox) : IEventHandler<ChainStarted>
{
    public async ValueTask HandleAsync(ChainStarted @event, IMessageContext context, CancellationToken cancellationToken) =>
        await inbox.HandleOnceAsync(this, context, token => context.PublishAsync(new ChainContinued(@event.Number), token), cancellationToken);
}

public sealed class EndChain(Inbox inbox, Deliveries deliveries) : IEventHandler<ChainContinued>
{
    public async ValueTask HandleAsync(ChainContinued @event, IMessageContext context, CancellationToken cancellationToken) =>
        await inbox.HandleOnceAsync(
            this,
            context,
            _ =>
            {
                deliveries.Record(context.MessageId);
                return ValueTask.CompletedTask;
            },
            cancellationToken);
}
