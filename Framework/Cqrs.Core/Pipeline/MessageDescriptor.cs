using Cqrs.Diagnostics;
using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>What the pipeline knows of one command or event type: its wire name, codec, validators and handlers.</summary>
internal abstract class MessageDescriptor(string wireName, MessageKind kind, Type clrType, int slot)
{
    public string WireName { get; } = wireName;

    public MessageKind Kind { get; } = kind;

    public Type ClrType { get; } = clrType;

    /// <summary>The type's <see cref="MessageSlot{T}"/>.</summary>
    public int Slot { get; } = slot;

    /// <summary>Span name of the sending hop, computed once.</summary>
    public string SendSpanName { get; } = (kind == MessageKind.Event ? "publish " : "send ") + wireName;

    /// <summary>Span name of the receiving hop, computed once.</summary>
    public string ReceiveSpanName { get; } = (kind == MessageKind.Event ? "handle " : "process ") + wireName;

    /// <summary>The type's sends and successful handler calls not yet added to their counters.</summary>
    public MessageCounts Counts { get; } = new();

    /// <summary>True when a handler for this type is registered in this process.</summary>
    public bool HasHandlers { get; private set; }

    /// <summary>What this type's deliveries are received and handled with; set when the descriptor is bound.</summary>
    protected HandlingServices Handling { get; private set; } = null!;

    /// <summary>
    /// A copy not yet bound to any container. A registry's descriptors are definitions, shared by every container
    /// built from one service collection: each container's catalog binds copies of its own.
    /// </summary>
    public abstract MessageDescriptor CopyUnbound();

    /// <summary>Hands a command type to <paramref name="visitor"/>; other kinds of message are passed over.</summary>
    public virtual void AcceptCommandVisitor(ICommandTypeVisitor visitor)
    {
    }

    /// <summary>Resolves validators, and handlers when they are singletons, once per container.</summary>
    public void Bind(HandlingServices handling, int handlerCount, bool singletonHandlers)
    {
        Handling = handling;
        HasHandlers = handlerCount > 0;
        BindServices(handling.Services, singletonHandlers);
    }

    /// <summary>Serializes a message of this type held as an object.</summary>
    public abstract byte[] SerializeObject(object message);

    /// <summary>Reads a message of this type as an object.</summary>
    /// <exception cref="Serialization.MessageFormatException">The bytes are not one valid message of this type.</exception>
    public abstract object DeserializeObject(ReadOnlyMemory<byte> payload);

    /// <summary>Validates a message of this type held as an object.</summary>
    /// <exception cref="FluentValidation.ValidationException">With every failure of every validator.</exception>
    public abstract ValueTask ThrowIfInvalidObjectAsync(object message, CancellationToken cancellationToken);

    /// <summary>
    /// Sends a message of this type held as an object through <paramref name="sender"/>, as this type: for a message
    /// sent as an interface or base class.
    /// </summary>
    public abstract ValueTask SendObjectAsync(
        ITypedSender sender, object message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken);

    /// <summary>Deserializes, validates and handles one delivery, and says how to settle it.</summary>
    public abstract ValueTask<Disposition> ReceiveAsync(DeliveryContext context, CancellationToken cancellationToken);

    protected abstract void BindServices(IServiceProvider services, bool singletonHandlers);
}
