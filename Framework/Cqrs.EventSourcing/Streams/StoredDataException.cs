namespace Cqrs.EventSourcing;

/// <summary>Data in a store cannot be read: a row is damaged, or an event's type or payload is not known here.</summary>
public sealed class StoredDataException : Exception
{
    /// <summary>Creates the error for what was read at <paramref name="position"/>.</summary>
    public StoredDataException(StreamPosition position, string problem, Exception? innerException = null)
        : base($"Stream '{position.StreamId}' version {position.Version}: {problem}", innerException) =>
        Position = position;

    /// <summary>Where the unreadable data is.</summary>
    public StreamPosition Position { get; }
}
