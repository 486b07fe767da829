namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>A session lock granted to a receiver: which session (the one named, or the next available), and until when.</summary>
internal sealed record SessionLease(string SessionId, DateTime LockedUntil);
