using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>One of the event's two handlers: does no work but tell the tracker it has run (with the inbox: log its effect once).</summary>
internal sealed class NumberRecordedFirstHandler(IHandlerCompletion completion, InboxEffects? inbox = null) : IEventHandler<NumberRecorded>
{
    public ValueTask HandleAsync(NumberRecorded @event, IMessageContext context, CancellationToken cancellationToken) =>
        EventHandlerRun.FinishAsync(this, nameof(NumberRecordedFirstHandler), @event.Sequence, context, completion, inbox, cancellationToken);
}
