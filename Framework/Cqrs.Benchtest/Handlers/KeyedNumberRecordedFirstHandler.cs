using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>
/// <see cref="NumberRecordedFirstHandler"/>'s part for the keyed event, reporting under that handler's name with the
/// event's lane, so the churn audit counts its runs as that handler's.
/// </summary>
internal sealed class KeyedNumberRecordedFirstHandler(IHandlerCompletion completion, InboxEffects? inbox = null) : IEventHandler<KeyedNumberRecorded>
{
    public ValueTask HandleAsync(KeyedNumberRecorded @event, IMessageContext context, CancellationToken cancellationToken) =>
        EventHandlerRun.FinishAsync(this, nameof(NumberRecordedFirstHandler), @event.Sequence, @event.Lane, context, completion, inbox, cancellationToken);
}
