using System.Diagnostics;

namespace Cqrs.Transports;

/// <summary>A message as a store keeps it, ready to publish again: its wire name, ids, body and place in its stream.</summary>
/// <param name="WireName">The message type's wire name.</param>
/// <param name="MessageId">The id it was stored under; published copies keep it, so an inbox recognises a second publication.</param>
/// <param name="CorrelationId">The flow it belongs to.</param>
/// <param name="CausationId">The message whose handler stored it; empty when none did.</param>
/// <param name="Body">The MessagePack payload it was stored with.</param>
/// <param name="Stream">Its stream and version.</param>
public sealed record StoredMessage(
    string WireName,
    Guid MessageId,
    Guid CorrelationId,
    Guid CausationId,
    ReadOnlyMemory<byte> Body,
    StreamPosition Stream)
{
    /// <summary>
    /// When to deliver it, for a message stored to be delivered later (a saga timeout); null to deliver it at once. Only
    /// a transport that <see cref="ITransport.SchedulesDurably"/> is handed one: publishing it through another fails.
    /// </summary>
    public DateTimeOffset? DeliverAt { get; init; }

    /// <summary>
    /// The trace of the work that stored it, for a message handled long after (a saga timeout): the spans of its
    /// handling link to it. Default when none.
    /// </summary>
    public ActivityContext LinkedTrace { get; init; }
}
