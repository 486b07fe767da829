namespace Cqrs;

/// <summary>The ids a sent message travels under.</summary>
/// <param name="MessageId">The message's id (Service Bus MessageId).</param>
/// <param name="CorrelationId">The id shared by the whole flow (Service Bus CorrelationId).</param>
public readonly record struct SentMessage(Guid MessageId, Guid CorrelationId);
