using System.Diagnostics;

namespace Cqrs.Transports;

/// <summary>
/// A message as a transport carries it: its headers and its MessagePack body. A transport that leaves the process
/// carries every public header and the body, and builds a new one on receipt (the Service Bus transport maps headers
/// to native properties). What the pipeline keeps of its own on a message (how deep handlers nest, the trace's
/// sampling, whether this process validated it, the object of a direct dispatch, a transport's admission slot) is
/// internal: no transport can set it, so none can switch a guarantee off.
/// </summary>
public sealed class TransportMessage
{
    /// <summary>How deep handlers nest on one call stack when messages are handled in their sender's call.</summary>
    internal const int MaxInlineDepth = 16;

    private readonly DateTime _enqueuedUtc;

    /// <summary>
    /// <see cref="InlineDepth"/> in a byte, which fits beside the message's two flags where an int would round every
    /// message up to the next size the allocator hands out. Only whether a depth passes <see cref="MaxInlineDepth"/>
    /// matters, so a depth past the byte's range is kept as its largest value.
    /// </summary>
    private readonly byte _inlineDepth = 1;

    /// <summary>
    /// The message's id, unique per message. The pipeline's copies of it keep it: handlers see it
    /// (<see cref="IMessageContext.MessageId"/>), an inbox goes by it, and the ids of what handlers send derive from it.
    /// </summary>
    public required Guid MessageId { get; init; }

    /// <summary>
    /// The id the transport carries this message under, the one a broker's duplicate detection goes by:
    /// <see cref="MessageId"/>, except on a copy the pipeline made of a message it received (a delayed retry, a copy for
    /// one event handler, a copy to dead-letter for one). Such a copy has an id of its own, derived from the message id,
    /// the kind of copy, the handler and <see cref="RetryCount"/>: made again (its delivery handled again), it gets the
    /// same id, so the broker drops the repeat; it never shares an id with the message or another copy, so the broker
    /// drops none of them as a repeat of the message. A transport that carries a copy off the process carries both ids.
    /// </summary>
    public Guid TransportId
    {
        get => Copy is { TransportId: var id } && id != Guid.Empty ? id : MessageId;

        // A transport reading a message off a wire sets it on every message; the message's own id needs no side object.
        init => Copy = MessageCopy.OrNone(value == MessageId ? Guid.Empty : value, RetryCount, TargetHandler);
    }

    /// <summary>The id of the flow the message belongs to: the first message's id unless the sender gave one.</summary>
    public required Guid CorrelationId { get; init; }

    /// <summary>The id of the message whose handler sent this one; empty for a message from outside any handler.</summary>
    public Guid CausationId { get; init; }

    /// <summary>1 for a message from outside any handler; one more for each handler that raised it in turn.</summary>
    internal int InlineDepth
    {
        get => _inlineDepth;
        init => _inlineDepth = (byte)Math.Min(value, byte.MaxValue);
    }

    /// <summary>The message type's stable name on the wire, from its <c>[WireName]</c>.</summary>
    public required string WireName { get; init; }

    /// <summary>When the message was sent, in UTC (kept as a <see cref="DateTime"/>, the smaller of the two).</summary>
    public DateTimeOffset EnqueuedTime
    {
        get => new(_enqueuedUtc, TimeSpan.Zero);
        init => _enqueuedUtc = value.UtcDateTime;
    }

    /// <summary>W3C trace context of the span that sent the message.</summary>
    public ActivityContext TraceContext { get; set; }

    /// <summary>
    /// The trace this message belongs to was not sampled at its root, so no hop records spans for it: no trace id is
    /// minted per message only to carry the "not sampled" decision.
    /// </summary>
    internal bool Unsampled { get; set; }

    /// <summary>
    /// This process validated the message before sending it, and the message has not left the process since, so
    /// receiving need not validate it again. Only the pipeline sets it: a message read off a wire never has it.
    /// </summary>
    internal bool ValidatedBySender { get; init; }

    /// <summary>The MessagePack payload; empty in direct mode.</summary>
    public ReadOnlyMemory<byte> Body { get; init; }

    /// <summary>The message object in direct mode (no serialization); null otherwise.</summary>
    internal object? Payload { get; init; }

    /// <summary>For an event published from an event store: its stream position, and its copies not yet settled.</summary>
    public StoredDelivery? Stored { get; init; }

    /// <summary>For an event published from an event store: its stream and version.</summary>
    public StreamPosition? Stream => Stored?.Position;

    /// <summary>
    /// For a stored message to deliver later (see <see cref="StoredDelivery.DeliverAt"/>): not before this time. Handed
    /// only to a transport that <see cref="ITransport.SchedulesDurably"/> (Service Bus sends it as a scheduled message).
    /// </summary>
    public DateTimeOffset? DeliverAt => Stored?.DeliverAt;

    /// <summary>For a stored message handled long after it was stored: the trace its receiving span links to (see <see cref="StoredDelivery.LinkedTrace"/>).</summary>
    public ActivityContext LinkedTrace => Stored?.LinkedTrace ?? default;

    /// <summary>1 on first delivery; the transport raises it on each redelivery.</summary>
    public int DeliveryCount { get; set; }

    /// <summary>How many delayed retries led to this copy.</summary>
    public int RetryCount
    {
        get => Copy?.RetryCount ?? 0;
        init => Copy = MessageCopy.OrNone(Copy?.TransportId ?? Guid.Empty, value, TargetHandler);
    }

    /// <summary>For an event retried for one handler only: that handler's name.</summary>
    public string? TargetHandler
    {
        get => Copy?.TargetHandler;
        init => Copy = MessageCopy.OrNone(Copy?.TransportId ?? Guid.Empty, RetryCount, value);
    }

    /// <summary>
    /// The key the message is ordered by, or null: messages with one key are handled one at a time, in the order they
    /// were sent (see <see cref="OrderingKeyAttribute"/>; an event a store publishes for an aggregate has its stream id).
    /// A transport that orders keeps them so; one that leaves the process carries it (Service Bus: as the SessionId).
    /// </summary>
    public string? OrderingKey { get; init; }

    /// <summary>What a copy of a received message, or a message aimed at one handler, carries of its own; null on any other.</summary>
    private MessageCopy? Copy { get; init; }

    /// <summary>The in-process transport's admission ticket, shared by an operation's messages.</summary>
    internal object? TransportState { get; set; }

    /// <summary>
    /// Says what became of a message handed to <see cref="ITransport.SendAsync"/>: <paramref name="delivered"/> when it
    /// was handled or durably taken (a broker accepted it), false when it could not be delivered. Only a message an
    /// event store published (<see cref="Stored"/>) waits for it, to be marked published; for any other it does nothing.
    /// Call it once per message. Thread-safe.
    /// </summary>
    public void Settle(bool delivered)
    {
        if (Stored is not { } stored)
        {
            return;
        }

        if (delivered)
        {
            stored.CopySettled();
        }
        else
        {
            stored.CopyKept();
        }
    }

    /// <summary>A copy for a delayed retry after <paramref name="failedHandler"/> failed, aimed at <paramref name="targetHandler"/> if not null.</summary>
    internal TransportMessage ForRetry(string failedHandler, string? targetHandler) =>
        CopyFor(MessageCopyKind.Retry, failedHandler, targetHandler, RetryCount + 1);

    /// <summary>A copy to dead-letter for one event handler that failed for good, when the others handled the message.</summary>
    internal TransportMessage ForDeadLetter(string failedHandler) => CopyFor(MessageCopyKind.DeadLetter, failedHandler, failedHandler, RetryCount + 1);

    /// <summary>A copy for one event handler, when others of the message have handled it already.</summary>
    public TransportMessage ForHandler(string handler) => CopyFor(MessageCopyKind.Handler, handler, handler, RetryCount);

    private TransportMessage CopyFor(MessageCopyKind kind, string handler, string? targetHandler, int retryCount) => new()
    {
        MessageId = MessageId,
        Copy = MessageCopy.Of(kind, MessageId, handler, targetHandler, retryCount),
        CorrelationId = CorrelationId,
        CausationId = CausationId,
        WireName = WireName,
        EnqueuedTime = EnqueuedTime,
        TraceContext = TraceContext,
        Unsampled = Unsampled,
        ValidatedBySender = ValidatedBySender,
        Body = Body,
        Payload = Payload,
        Stored = Stored,
        OrderingKey = OrderingKey,
        TransportState = TransportState,
    };
}
