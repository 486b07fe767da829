using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>One of the event's two handlers: does no work but tell the tracker it has run.</summary>
internal sealed class NumberRecordedFirstHandler(IHandlerCompletion completion) : IEventHandler<NumberRecorded>
{
    public ValueTask HandleAsync(NumberRecorded @event, IMessageContext context, CancellationToken cancellationToken)
    {
        completion.HandlerFinished(nameof(NumberRecordedFirstHandler), @event.Sequence, context.MessageId);
        return ValueTask.CompletedTask;
    }
}
