namespace Cqrs.EventSourcing;

/// <summary>An outbox entry set aside because it cannot be published: see <see cref="IOutboxStore.DeadLetterAsync"/>.</summary>
/// <param name="Position">The event's stream and version.</param>
/// <param name="Reason">Why it cannot be published, in words.</param>
/// <param name="DeadLetteredAt">When it was set aside, by the store's clock.</param>
public sealed record OutboxDeadLetter(StreamPosition Position, string Reason, DateTimeOffset DeadLetteredAt);
