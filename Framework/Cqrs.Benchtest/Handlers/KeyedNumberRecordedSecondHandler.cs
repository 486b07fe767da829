using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary><see cref="NumberRecordedSecondHandler"/>'s part for the keyed event, as <see cref="KeyedNumberRecordedFirstHandler"/>.</summary>
internal sealed class KeyedNumberRecordedSecondHandler(IHandlerCompletion completion, InboxEffects? inbox = null) : IEventHandler<KeyedNumberRecorded>
{
    public ValueTask HandleAsync(KeyedNumberRecorded @event, IMessageContext context, CancellationToken cancellationToken) =>
        EventHandlerRun.FinishAsync(this, nameof(NumberRecordedSecondHandler), @event.Sequence, @event.Lane, context, completion, inbox, cancellationToken);
}
