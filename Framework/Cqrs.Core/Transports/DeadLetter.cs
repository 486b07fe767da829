namespace Cqrs;

/// <summary>A message the in-process transport dead-lettered, with the reason.</summary>
/// <param name="WireName">The message's wire name.</param>
/// <param name="MessageId">The message's id.</param>
/// <param name="CorrelationId">The message's correlation id.</param>
/// <param name="Reason">One of <see cref="DeadLetterReasons"/>.</param>
/// <param name="Description">What went wrong, in words (the exception type and message for handler failures).</param>
/// <param name="Handler">For an event, the handler that failed; null when the whole message was rejected.</param>
/// <param name="Body">The MessagePack payload as received (empty in direct mode).</param>
/// <param name="Message">The message object in direct mode; null otherwise.</param>
public sealed record DeadLetter(
    string WireName,
    Guid MessageId,
    Guid CorrelationId,
    string Reason,
    string Description,
    string? Handler,
    ReadOnlyMemory<byte> Body,
    object? Message);
