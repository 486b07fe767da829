namespace Cqrs;

/// <summary>The reasons a message is dead-lettered with (Service Bus <c>DeadLetterReason</c>).</summary>
public static class DeadLetterReasons
{
    /// <summary>No message type is registered under the wire name.</summary>
    public const string UnknownMessageType = "UnknownMessageType";

    /// <summary>The payload could not be read as the message type.</summary>
    public const string DeserializationFailed = "DeserializationFailed";

    /// <summary>The message failed validation at receive.</summary>
    public const string ValidationFailed = "ValidationFailed";

    /// <summary>The handler kept failing after every retry.</summary>
    public const string HandlerFailed = "HandlerFailed";

    /// <summary>The pipeline itself failed on the message (a validator or the container threw).</summary>
    public const string ProcessingFailed = "ProcessingFailed";

    /// <summary>A command arrived with no handler registered for it.</summary>
    public const string NoHandler = "NoHandler";

    /// <summary>
    /// The in-process transport stopped before the message was handled (its handler was cancelled at the end of
    /// the shutdown timeout, or never started). A broker keeps such a message instead; an event store's outbox keeps
    /// its events, which are published again on the next start.
    /// </summary>
    public const string Shutdown = "Shutdown";
}
