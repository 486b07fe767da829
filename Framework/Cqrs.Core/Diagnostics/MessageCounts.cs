namespace Cqrs.Diagnostics;

/// <summary>
/// One message type's sends and successful handler calls not yet added to their counters by
/// <see cref="CountedMessages"/>. Thread-safe.
/// </summary>
internal sealed class MessageCounts
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

    /// <summary>Counts one successful call of <paramref name="handler"/>; returns the name it goes by, kept with its count.</summary>
    public string CountHandled(object handler)
    {
        var type = handler.GetType();
        foreach (var count in Volatile.Read(ref _handled))
        {
            if (count.Handler == type)
            {
                count.Increment();
                return count.HandlerName;
            }
        }

        var added = AddHandler(handler, type);
        added.Increment();
        return added.HandlerName;
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

            var added = new HandledCount(type, HandlerNames.Of(handler));
            Volatile.Write(ref _handled, [.. _handled, added]);
            return added;
        }
    }
}

/// <summary>Successful calls of one handler type not yet added to <c>cqrs.messages.handled</c>.</summary>
internal sealed class HandledCount(Type handler, string handlerName)
{
    private long _value;

    public Type Handler { get; } = handler;

    /// <summary>The name it goes by in metrics and spans.</summary>
    public string HandlerName { get; } = handlerName;

    public void Increment() => Interlocked.Increment(ref _value);

    /// <summary>The calls counted since the last call.</summary>
    public long Take() => Interlocked.Exchange(ref _value, 0);
}
