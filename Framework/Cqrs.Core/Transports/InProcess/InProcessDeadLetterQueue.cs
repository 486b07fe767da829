using System.Collections.Concurrent;

namespace Cqrs;

/// <summary>
/// Where the in-process transport keeps dead-lettered messages (in memory: in-process mode is not durable;
/// use Service Bus for that). Thread-safe.
/// </summary>
public sealed class InProcessDeadLetterQueue
{
    private readonly ConcurrentQueue<DeadLetter> _messages = new();

    /// <summary>How many messages were dead-lettered.</summary>
    public int Count => _messages.Count;

    /// <summary>The dead-lettered messages, oldest first.</summary>
    public IReadOnlyList<DeadLetter> Snapshot() => [.. _messages];

    internal void Add(DeadLetter message) => _messages.Enqueue(message);
}
