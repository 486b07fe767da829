namespace Cqrs.Testing.Domain.Probes;

/// <summary>One handler call as <see cref="Recorder"/> saw it.</summary>
/// <param name="Handler">The handler's type.</param>
/// <param name="Message">The message handed to it.</param>
/// <param name="MessageId">The context's message id.</param>
/// <param name="CorrelationId">The context's correlation id.</param>
/// <param name="CausationId">The context's causation id.</param>
/// <param name="WireName">The context's wire name.</param>
/// <param name="DeliveryCount">The context's delivery count.</param>
/// <param name="EnqueuedTime">The context's enqueued time.</param>
/// <param name="ReceivedAt">When the handler was called.</param>
/// <param name="Note">Anything else the handler wants to show (its scope's id).</param>
public sealed record Delivery(
    Type Handler,
    object Message,
    Guid MessageId,
    Guid CorrelationId,
    Guid CausationId,
    string WireName,
    int DeliveryCount,
    DateTimeOffset EnqueuedTime,
    DateTimeOffset ReceivedAt,
    object? Note);
