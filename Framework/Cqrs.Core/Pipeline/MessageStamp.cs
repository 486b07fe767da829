namespace Cqrs.Pipeline;

/// <summary>A message's id and the moment it was sent.</summary>
internal readonly record struct MessageStamp(Guid MessageId, DateTimeOffset Time);
