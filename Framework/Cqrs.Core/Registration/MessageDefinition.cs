using Cqrs.Serialization;

namespace Cqrs;

/// <summary>
/// What a registry declares of one command or event type: its wire name, kind and codec. Immutable, and shared by every
/// container built from one service collection; each container's pipeline describes the type for itself from it.
/// </summary>
internal abstract class MessageDefinition(string wireName, MessageKind kind, Type clrType, int slot)
{
    public string WireName { get; } = wireName;

    public MessageKind Kind { get; } = kind;

    public Type ClrType { get; } = clrType;

    /// <summary>The type's <see cref="MessageSlot{T}"/>.</summary>
    public int Slot { get; } = slot;

    /// <summary>True when the type names an ordering key (<see cref="OrderingKeyAttribute"/>).</summary>
    public abstract bool IsOrderedByKey { get; }

    /// <summary>True for a command that callers outside the app may send.</summary>
    public virtual bool IsPublicCommand => false;

    /// <summary>Hands the type, as a type argument, to <paramref name="visitor"/>.</summary>
    public abstract void Accept(IMessageDefinitionVisitor visitor);

    /// <summary>Hands a command type to <paramref name="visitor"/>; other kinds of message are passed over.</summary>
    public virtual void AcceptCommandVisitor(ICommandTypeVisitor visitor)
    {
    }

    /// <summary>Serializes a message of this type held as an object.</summary>
    public abstract byte[] SerializeObject(object message);

    /// <summary>Reads a message of this type as an object.</summary>
    /// <exception cref="MessageFormatException">The bytes are not one valid message of this type.</exception>
    public abstract object DeserializeObject(ReadOnlyMemory<byte> payload);
}

/// <summary>The typed half of a definition: the codec of <typeparamref name="T"/>, and how its ordering key is read, if it has one.</summary>
internal abstract class MessageDefinition<T>(string wireName, MessageKind kind, IMessagePackCodec<T> codec, Func<T, string?>? orderingKey)
    : MessageDefinition(wireName, kind, typeof(T), MessageSlot<T>.Index)
{
    public IMessagePackCodec<T> Codec => codec;

    /// <summary>Reads a message's ordering key: its <see cref="OrderingKeyAttribute"/> member; null when the type has none.</summary>
    public Func<T, string?>? OrderingKey => orderingKey;

    public override bool IsOrderedByKey => orderingKey is not null;

    public byte[] Serialize(T message) => codec.ToBytes(message);

    /// <exception cref="MessageFormatException">The bytes are more than <paramref name="maxBytes"/> or not one valid <typeparamref name="T"/>.</exception>
    public T Deserialize(ReadOnlyMemory<byte> payload, int maxBytes = int.MaxValue) => codec.FromBytes(payload, WireName, "payload", maxBytes);

    public override byte[] SerializeObject(object message) => Serialize((T)message);

    public override object DeserializeObject(ReadOnlyMemory<byte> payload) => Deserialize(payload)!;
}

/// <summary>A command type's definition; <paramref name="isPublic"/> when callers outside the app may send it.</summary>
internal sealed class CommandDefinition<T>(string wireName, IMessagePackCodec<T> codec, Func<T, string?>? orderingKey, bool isPublic = false)
    : MessageDefinition<T>(wireName, MessageKind.Command, codec, orderingKey)
    where T : ICommand
{
    public override bool IsPublicCommand => isPublic;

    public override void Accept(IMessageDefinitionVisitor visitor) => visitor.Command(this);

    public override void AcceptCommandVisitor(ICommandTypeVisitor visitor) => visitor.Visit(WireName, Codec);
}

/// <summary>An event type's definition.</summary>
internal sealed class EventDefinition<T>(string wireName, IMessagePackCodec<T> codec, Func<T, string?>? orderingKey)
    : MessageDefinition<T>(wireName, MessageKind.Event, codec, orderingKey)
    where T : IEvent
{
    public override void Accept(IMessageDefinitionVisitor visitor) => visitor.Event(this);
}

/// <summary>A query type with its result type, as a registry declares it.</summary>
internal abstract class QueryDefinition(Type queryType)
{
    public Type QueryType { get; } = queryType;

    public abstract void Accept(IMessageDefinitionVisitor visitor);
}

/// <summary>The typed half of a query definition.</summary>
internal sealed class QueryDefinition<TQuery, TResult>() : QueryDefinition(typeof(TQuery))
    where TQuery : IQuery<TResult>
{
    public override void Accept(IMessageDefinitionVisitor visitor) => visitor.Query<TQuery, TResult>();
}

/// <summary>
/// Work done for each definition with its type as a type argument: what turns a registry's definitions into a
/// container's pipeline, without reflection and without the definitions knowing that pipeline.
/// </summary>
internal interface IMessageDefinitionVisitor
{
    void Command<T>(CommandDefinition<T> definition)
        where T : ICommand;

    void Event<T>(EventDefinition<T> definition)
        where T : IEvent;

    void Query<TQuery, TResult>()
        where TQuery : IQuery<TResult>;
}
