namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// One session of a session-enabled queue or subscription: its available messages in sequence order, the receiver
/// holding its lock and until when, and its state. It exists while it has messages, state or a holder. Guarded by its
/// entity's lock.
/// </summary>
internal sealed class MessageSession(string id)
{
    public string Id { get; } = id;

    /// <summary>The sequence numbers of its available messages: its holder gets the lowest first.</summary>
    public SortedSet<long> Available { get; } = [];

    /// <summary>Its messages in any state (available, locked, deferred, scheduled).</summary>
    public int MessageCount { get; set; }

    /// <summary>The receiver holding the session lock, or <see langword="null"/>.</summary>
    public IMessageConsumer? Holder { get; set; }

    public DateTime LockedUntil { get; set; }

    /// <summary>What receivers stored with set-session-state, or <see langword="null"/>.</summary>
    public byte[]? State { get; set; }

    public bool IsIdle => MessageCount == 0 && State is null && Holder is null;

    /// <summary>Whether <paramref name="requester"/> holds the lock at <paramref name="now"/>; any holder when <paramref name="requester"/> is <see langword="null"/>.</summary>
    public bool IsHeldBy(string? requester, DateTime now) =>
        Holder is { } holder && LockedUntil > now && (requester is null || holder.Name == requester);
}
