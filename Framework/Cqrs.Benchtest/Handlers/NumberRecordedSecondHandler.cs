using Cqrs.Benchtest.Engine;

namespace Cqrs.Benchtest.Handlers;

/// <summary>The event's other handler, so that each event fans out to two.</summary>
internal sealed class NumberRecordedSecondHandler(OperationTracker tracker) : IEventHandler<NumberRecorded>
{
    public ValueTask HandleAsync(NumberRecorded @event, IMessageContext context, CancellationToken cancellationToken)
    {
        tracker.HandlerFinished(@event.Sequence);
        return ValueTask.CompletedTask;
    }
}
