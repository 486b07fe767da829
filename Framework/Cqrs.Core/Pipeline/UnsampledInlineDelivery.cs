using System.Diagnostics;

namespace Cqrs.Pipeline;

/// <summary>A message handled in its sender's call whose trace is not sampled: it carries the trace on, for the messages its handlers send.</summary>
internal sealed class UnsampledInlineDelivery(
    SendPosition sends, string wireName, object message, MessageStamp stamp, Guid correlationId, MessageContext? cause, ActivityContext traceContext)
    : InlineDelivery(sends, wireName, message, stamp, correlationId, cause)
{
    public override ActivityContext TraceContext => traceContext;

    /// <summary>Marked where no context can say so, as a transport message is: when there is none.</summary>
    public override bool Unsampled => traceContext == default;
}
