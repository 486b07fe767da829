namespace Cqrs.Diagnostics;

/// <summary>
/// One message type's sends and successful handler calls not yet added to their counters by
/// <see cref="CountedMessages"/>, with the tags they are recorded under. Thread-safe.
/// </summary>
internal sealed class MessageCounts(string wireName)
{
    private readonly Lock _adding = new();
    private long _sent;

    /// <summary>Copied on write: a handler type is added once, then only counted.</summary>
    private HandledCount[] _handled = [];

    /// <summary>Per handler type, in the order they first succeeded.</summary>
    public IReadOnlyList<HandledCount> Handled => Volatile.Read(ref _handled);

    public void CountSent() => Interlocked.Increment(ref _sent);

    /// <summary>The sends counted since the last call.</summary>
    public long TakeSent() => Interlocked.Exchange(ref _sent, 0);

    /// <summary>The count of <paramref name="handler"/>'s type, added on first use.</summary>
    public HandledCount Of(object handler)
    {
        var type = handler.GetType();
        foreach (var count in Volatile.Read(ref _handled))
        {
            if (count.Handler == type)
            {
                return count;
            }
        }

        return AddHandler(handler, type);
    }

    private HandledCount AddHandler(object handler, Type type)
    {
        lock (_adding)
        {
            var existing = Array.Find(_handled, count => count.Handler == type);
            if (existing is not null)
            {
                return existing;
            }

            var added = new HandledCount(type, wireName, HandlerNames.Of(handler));
            Volatile.Write(ref _handled, [.. _handled, added]);
            return added;
        }
    }
}

/// <summary>
/// Successful calls of one handler type not yet added to <c>cqrs.messages.handled</c>, and the tags its calls are
/// recorded under.
/// </summary>
internal sealed class HandledCount(Type handler, string wireName, string handlerName)
{
    /// <summary>Made once, for every record of the handler's calls: a record then builds no tags of its own.</summary>
    private readonly KeyValuePair<string, object?>[] _tags =
    [
        new(CqrsDiagnostics.MessageTypeTag, wireName),
        new(CqrsDiagnostics.HandlerTag, handlerName),
    ];

    private long _value;

    public Type Handler { get; } = handler;

    /// <summary>The message type's and the handler's tags, as <c>cqrs.messages.handled</c> and <c>cqrs.handler.duration</c> carry them.</summary>
    public ReadOnlySpan<KeyValuePair<string, object?>> Tags => _tags;

    public void Increment() => Interlocked.Increment(ref _value);

    /// <summary>The calls counted since the last call.</summary>
    public long Take() => Interlocked.Exchange(ref _value, 0);
}
