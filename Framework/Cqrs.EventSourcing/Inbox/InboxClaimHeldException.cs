namespace Cqrs.EventSourcing;

/// <summary>
/// Thrown by <see cref="Inbox.HandleOnceAsync"/> when another instance is handling the same message for the same handler
/// at this moment (its claim's lease has not run out). The delivery fails so that the pipeline retries it later, by which
/// time the other instance has recorded the message as handled, and the retry skips it.
/// </summary>
public sealed class InboxClaimHeldException : Exception
{
    /// <summary>The exception for <paramref name="handler"/> and message <paramref name="messageId"/>.</summary>
    public InboxClaimHeldException(string handler, Guid messageId)
        : base($"Handler '{handler}' is handling message {messageId} in another instance; this delivery is retried once that one is done.")
    {
        Handler = handler;
        MessageId = messageId;
    }

    /// <summary>The handler whose claim is held.</summary>
    public string Handler { get; }

    /// <summary>The message being handled elsewhere.</summary>
    public Guid MessageId { get; }
}
