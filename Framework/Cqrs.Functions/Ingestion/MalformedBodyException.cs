namespace Cqrs.Functions.Ingestion;

/// <summary>A request body that cannot be read as the command its wire name names.</summary>
internal sealed class MalformedBodyException(string message, Exception? innerException = null) : Exception(message, innerException);
