namespace Cqrs.EventSourcing.Testing;

/// <summary>A scenario's outcome was not the one expected; the message says both.</summary>
public sealed class ScenarioFailedException(string message, Exception? innerException = null) : Exception(message, innerException);
