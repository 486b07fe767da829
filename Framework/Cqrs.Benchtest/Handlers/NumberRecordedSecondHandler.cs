using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>The event's other handler, so that each event fans out to two.</summary>
internal sealed class NumberRecordedSecondHandler(IHandlerCompletion completion, InboxEffects? inbox = null) : IEventHandler<NumberRecorded>
{
    public ValueTask HandleAsync(NumberRecorded @event, IMessageContext context, CancellationToken cancellationToken) =>
        EventHandlerRun.FinishAsync(this, nameof(NumberRecordedSecondHandler), @event.Sequence, context, completion, inbox, cancellationToken);
}
