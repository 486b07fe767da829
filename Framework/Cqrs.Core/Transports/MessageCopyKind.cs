namespace Cqrs.Transports;

/// <summary>What the pipeline copies a received message for; a part of the copy's id (<see cref="MessageCopyIds"/>).</summary>
internal enum MessageCopyKind : byte
{
    /// <summary>A delayed retry, of the whole delivery or for the one event handler that failed.</summary>
    Retry = 1,

    /// <summary>For one event handler that did not handle the message, when the others did.</summary>
    Handler = 2,

    /// <summary>To dead-letter for one event handler that failed for good, when the others handled the message.</summary>
    DeadLetter = 3,
}
