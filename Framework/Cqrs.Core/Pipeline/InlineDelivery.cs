using System.Diagnostics;
using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>
/// A message handled in its sender's call (direct dispatch with no span to record): its delivery and its handlers'
/// context in one object. A transport message is made only when something needs one: a retry, a dead-letter, a
/// queueing on shutdown. Each thread keeps a few that are done with and hands them out again (<see cref="Rent"/>,
/// <see cref="Return"/>): a handler's context is valid only during its call (<see cref="IMessageContext"/>), and one whose
/// handlers all completed in the sender's call is no longer anyone's. So it holds plain values, never its cause: a message
/// a handler sends and does not wait for keeps its causation id after the cause's context is handed out again.
/// </summary>
internal sealed class InlineDelivery : MessageContext
{
    /// <summary>Enough for the nesting direct dispatch allows: a command, the event its handler raises, and so on.</summary>
    private const int KeptPerThread = TransportMessage.MaxInlineDepth + 1;

    [ThreadStatic]
    private static InlineDelivery?[]? t_kept;

    [ThreadStatic]
    private static int t_keptCount;

    private string _wireName = "";
    private object _message = null!;

    /// <summary>How it was stamped: its send time, and its id or the parts of its stable id, computed on first read (<see cref="MessageId"/>).</summary>
    private MessageStamp _stamp;

    /// <summary>The id once read; set before <see cref="_idRead"/>.</summary>
    private Guid _messageId;
    private bool _idRead;
    private Guid _correlationId;
    private Guid _causationId;
    private int _inlineDepth;
    private ActivityContext _traceContext;
    private bool _traced;

    private InlineDelivery(SendPosition sends)
        : base(sends)
    {
    }

    /// <summary>A new transport message for each call: none is kept, for a delivery that most often needs none.</summary>
    public override TransportMessage Delivery => new()
    {
        MessageId = MessageId,
        CorrelationId = CorrelationId,
        CausationId = CausationId,
        EnqueuedTime = EnqueuedTime,
        InlineDepth = InlineDepth,
        WireName = WireName,
        Payload = _message,
        DeliveryCount = 1,
        TraceContext = TraceContext,
        Unsampled = Unsampled,
    };

    public override int InlineDepth => _inlineDepth;

    public override string? TargetHandler => null;

    /// <summary>
    /// A stable id is computed on first read: a delivery whose handlers neither read it nor send anything needs none.
    /// Reads racing on threads of the handler's own compute the same id, so either may store it.
    /// </summary>
    public override Guid MessageId => Volatile.Read(ref _idRead) ? _messageId : ReadId();

    public override Guid CorrelationId => _correlationId;

    public override Guid CausationId => _causationId;

    public override string WireName => _wireName;

    /// <summary>When it was sent, as its sender read the time (see <see cref="MessageSender.NextStamp"/>).</summary>
    public override DateTimeOffset EnqueuedTime => _stamp.Time;

    public override int DeliveryCount => 1;

    public override StreamPosition? Stream => null;

    /// <summary>
    /// The trace the messages its handlers send go on in, when one is kept: none for a trace known to be unsampled (which
    /// <see cref="Unsampled"/> says), nor when nobody listened as it was sent.
    /// </summary>
    public override ActivityContext TraceContext => _traceContext;

    /// <summary>Marked where no context can say so, as a transport message is: when someone listened and there is none.</summary>
    public override bool Unsampled => _traced && _traceContext == default;

    /// <summary>
    /// A delivery of <paramref name="message"/>, one this thread is done with when it has one. <paramref name="trace"/> is
    /// what <see cref="Diagnostics.CqrsTelemetry.SampleSend"/> gave when someone listens to spans (a default one for an
    /// unsampled trace), null when nobody does.
    /// </summary>
    public static InlineDelivery Rent(
        SendPosition sends, string wireName, object message, MessageStamp stamp, Guid correlationId, MessageContext? cause, ActivityContext? trace)
    {
        var kept = t_kept;
        InlineDelivery delivery;
        if (kept is not null && t_keptCount > 0)
        {
            var index = --t_keptCount;
            delivery = kept[index]!;
            kept[index] = null;
            delivery.RestartAt(sends);
        }
        else
        {
            delivery = new InlineDelivery(sends);
        }

        delivery._wireName = wireName;
        delivery._message = message;
        delivery._stamp = stamp;
        delivery._messageId = stamp.IdPending ? default : stamp.MessageId;
        delivery._idRead = !stamp.IdPending;
        delivery._correlationId = correlationId;
        delivery._causationId = cause?.MessageId ?? Guid.Empty;
        delivery._inlineDepth = (cause?.InlineDepth ?? 0) + 1;
        delivery._traceContext = trace.GetValueOrDefault();
        delivery._traced = trace.HasValue;
        return delivery;
    }

    private Guid ReadId()
    {
        var id = _stamp.MessageId;
        _messageId = id;
        Volatile.Write(ref _idRead, true);
        return id;
    }

    /// <summary>Hands this delivery to the thread's next <see cref="Rent"/>. Call it only once its handling has completed, in the sender's call.</summary>
    public void Return()
    {
        _message = null!;
        var kept = t_kept ??= new InlineDelivery?[KeptPerThread];
        if (t_keptCount < kept.Length)
        {
            kept[t_keptCount++] = this;
        }
    }
}
