namespace Cqrs.Transports;

/// <summary>
/// What a library that stores messages and publishes them later (an event store with its outbox) needs of the
/// pipeline: validation and serialization as every send does, ids, publication of what it stored, and a count of what
/// it sets aside. Registered by <c>AddCqrs</c>. Thread-safe.
/// </summary>
public interface IMessageStorePipeline
{
    /// <summary>
    /// Validates a registered command or event as a send would, and serializes it. The pipeline remembers the body it
    /// returns: a <see cref="StoredMessage"/> published with that very body, unchanged, is not validated again.
    /// </summary>
    /// <exception cref="FluentValidation.ValidationException">The message is invalid.</exception>
    /// <exception cref="InvalidOperationException">Its type is not a registered command or event.</exception>
    ValueTask<SerializedMessage> ValidateAndSerializeAsync(object message, CancellationToken cancellationToken);

    /// <summary>Reads a stored payload back into the message type registered under <paramref name="wireName"/>.</summary>
    /// <exception cref="Serialization.MessageFormatException">The payload is not a valid one of that type.</exception>
    /// <exception cref="InvalidOperationException">No message type is registered under <paramref name="wireName"/>.</exception>
    object Deserialize(string wireName, ReadOnlyMemory<byte> body);

    /// <summary>A new message id, of the kind the buses give: ordered by the millisecond it was taken, unguessable.</summary>
    Guid NewMessageId();

    /// <summary>
    /// The id of a message that the handler call <paramref name="cause"/> sends by storing it: the id the call's next
    /// send through <paramref name="cause"/> would take, derived from the message being handled, the handler and how
    /// many messages that handler has sent in this call (and that send's place is taken). So a repeat of the call
    /// that stores the same messages in the same order stores them under the same ids. A context the pipeline did
    /// not make (a test's own), or none, gets a new id as <see cref="NewMessageId()"/> gives.
    /// </summary>
    Guid NewMessageId(IMessageContext? cause);

    /// <summary>
    /// Publishes a stored message to its handlers, keeping the ids and body it was stored with. <paramref name="delivery"/>
    /// says when every copy of it is settled: mark it published only then. It is validated on receive unless its body
    /// is one this pipeline returned from <see cref="ValidateAndSerializeAsync"/>; <paramref name="cause"/> is the
    /// handler call that stored it, if any.
    /// </summary>
    /// <exception cref="InvalidOperationException">No message type is registered under its wire name.</exception>
    /// <exception cref="NotSupportedException"><paramref name="delivery"/> has a <see cref="StoredDelivery.DeliverAt"/> and the transport does not <see cref="ITransport.SchedulesDurably"/>.</exception>
    ValueTask PublishAsync(StoredMessage message, StoredDelivery delivery, IMessageContext? cause, CancellationToken cancellationToken);

    /// <summary>Counts a stored message that can never be published, set aside by its store, as dead-lettered with <paramref name="reason"/>.</summary>
    void RecordDeadLettered(string wireName, string reason);
}
