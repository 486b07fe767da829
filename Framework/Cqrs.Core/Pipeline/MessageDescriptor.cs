using Cqrs.Diagnostics;
using FluentValidation;
using FluentValidation.Results;

namespace Cqrs.Pipeline;

/// <summary>
/// What one container's pipeline knows of a command or event type: its definition (wire name, kind, codec), its
/// validators, what telemetry records of it, and whether this process handles it. Made once when the container binds
/// its messages, never changed after; what happens to a delivery is its <see cref="MessageInvoker"/>'s.
/// </summary>
internal abstract class MessageDescriptor(MessageDefinition definition, MessageTelemetry telemetry, bool hasHandlers)
{
    // What every send reads is copied here, one load away rather than two.
    public string WireName { get; } = definition.WireName;

    public MessageKind Kind { get; } = definition.Kind;

    public Type ClrType => definition.ClrType;

    /// <summary>The type's <see cref="MessageSlot{T}"/>: where the catalog keeps its invoker.</summary>
    public int Slot { get; } = definition.Slot;

    /// <summary>Span names and counts of the type.</summary>
    public MessageTelemetry Telemetry { get; } = telemetry;

    /// <summary>True when a handler for this type runs in this process.</summary>
    public bool HasHandlers { get; } = hasHandlers;

    /// <summary>Serializes a message of this type held as an object.</summary>
    public byte[] SerializeObject(object message) => definition.SerializeObject(message);

    /// <summary>Reads a message of this type as an object.</summary>
    /// <exception cref="Serialization.MessageFormatException">The bytes are not one valid message of this type.</exception>
    public object DeserializeObject(ReadOnlyMemory<byte> payload) => definition.DeserializeObject(payload);

    /// <summary>Validates a message of this type held as an object.</summary>
    /// <exception cref="ValidationException">With every failure of every validator.</exception>
    public abstract ValueTask ThrowIfInvalidObjectAsync(object message, CancellationToken cancellationToken);

    /// <summary>
    /// The ordering key of a stored message of this type, read from its body; null when the type names none, or the body
    /// cannot be read (its receiver dead-letters it).
    /// </summary>
    public abstract string? OrderingKeyOf(ReadOnlyMemory<byte> body);

    /// <summary>A key that orders: null for none or an empty one.</summary>
    protected static string? Ordering(string? key) => string.IsNullOrEmpty(key) ? null : key;

    /// <summary>
    /// Sends a message of this type held as an object through <paramref name="emitter"/>, as this type: for a message
    /// sent as an interface or base class.
    /// </summary>
    public abstract ValueTask SendObjectAsync(
        IMessageEmitter emitter, object message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken);
}

/// <summary>The typed half of a descriptor: reading, writing and validating <typeparamref name="T"/>.</summary>
internal sealed class MessageDescriptor<T>(MessageDefinition<T> definition, MessageValidators<T> validators, MessageTelemetry telemetry, bool hasHandlers)
    : MessageDescriptor(definition, telemetry, hasHandlers)
{
    private readonly Func<T, string?>? _orderingKey = definition.OrderingKey;

    /// <summary>The message's ordering key (its <see cref="OrderingKeyAttribute"/> member); null when its type has none or it is empty.</summary>
    public string? OrderingKeyOf(T message) => _orderingKey is { } read ? Ordering(read(message)) : null;

    public override string? OrderingKeyOf(ReadOnlyMemory<byte> body)
    {
        if (_orderingKey is null)
        {
            return null;
        }

        try
        {
            return OrderingKeyOf(definition.Deserialize(body));
        }
        catch (Serialization.MessageFormatException)
        {
            return null;
        }
    }

    public byte[] Serialize(T message) => definition.Serialize(message);

    /// <exception cref="Serialization.MessageFormatException">The bytes are more than <paramref name="maxBytes"/> or not one valid <typeparamref name="T"/>.</exception>
    public T Deserialize(ReadOnlyMemory<byte> payload, int maxBytes) => definition.Deserialize(payload, maxBytes);

    /// <summary>Every failure of every validator of <typeparamref name="T"/>, or null when the message is valid.</summary>
    public ValueTask<List<ValidationFailure>?> ValidateAsync(T message, CancellationToken cancellationToken) =>
        validators.ValidateAsync(message, cancellationToken);

    /// <exception cref="ValidationException">With every failure, when there are any.</exception>
    public void ThrowIfAny(List<ValidationFailure>? failures) => MessageValidators<T>.ThrowIfAny(WireName, failures);

    public override ValueTask SendObjectAsync(
        IMessageEmitter emitter, object message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken) =>
        emitter.SendAsync((T)message, stamp, correlationId, cause, cancellationToken);

    public override async ValueTask ThrowIfInvalidObjectAsync(object message, CancellationToken cancellationToken) =>
        ThrowIfAny(await ValidateAsync((T)message, cancellationToken).ConfigureAwait(false));
}
