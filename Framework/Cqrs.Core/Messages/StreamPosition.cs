namespace Cqrs;

/// <summary>Where an event is stored: its stream and its version in that stream (the first event is version 1).</summary>
/// <param name="StreamId">The stream the event was appended to.</param>
/// <param name="Version">The event's version in the stream.</param>
public readonly record struct StreamPosition(string StreamId, long Version);
