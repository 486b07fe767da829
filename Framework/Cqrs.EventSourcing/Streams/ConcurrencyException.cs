namespace Cqrs.EventSourcing;

/// <summary>An append found its stream at another version than it expected; nothing was appended.</summary>
public sealed class ConcurrencyException : Exception
{
    /// <summary>Creates the error for <paramref name="streamId"/>.</summary>
    public ConcurrencyException(string streamId, ExpectedVersion expected, long actual)
        : base($"Stream '{streamId}' is at version {actual}, but the append expected {(expected.Value == 0 ? "no stream (version 0)" : $"version {expected}")}.")
    {
        StreamId = streamId;
        Expected = expected;
        Actual = actual;
    }

    /// <summary>The stream appended to.</summary>
    public string StreamId { get; }

    /// <summary>What the append expected.</summary>
    public ExpectedVersion Expected { get; }

    /// <summary>The stream's version when the append was refused.</summary>
    public long Actual { get; }
}
