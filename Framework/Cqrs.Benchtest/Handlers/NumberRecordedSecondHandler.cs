using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>The event's other handler, so that each event fans out to two.</summary>
internal sealed class NumberRecordedSecondHandler(IHandlerCompletion completion) : IEventHandler<NumberRecorded>
{
    public ValueTask HandleAsync(NumberRecorded @event, IMessageContext context, CancellationToken cancellationToken)
    {
        completion.HandlerFinished(nameof(NumberRecordedSecondHandler), @event.Sequence, context.MessageId);
        return ValueTask.CompletedTask;
    }
}
