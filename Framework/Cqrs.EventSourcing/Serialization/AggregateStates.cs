using Cqrs.Serialization;

namespace Cqrs.EventSourcing;

/// <summary>The wire names and snapshot codecs of the aggregate state types the registries declare.</summary>
internal sealed class AggregateStates(CqrsBuilder builder)
{
    /// <exception cref="InvalidOperationException"><typeparamref name="TState"/> is not declared by any registry.</exception>
    public AggregateState<TState> Get<TState>() =>
        builder.TryGetAggregateState<TState>(out var wireName, out var codec)
            ? new AggregateState<TState>(wireName, codec)
            : throw new InvalidOperationException($"{typeof(TState)} is not a registered aggregate: give it [WireName] and add its assembly's registry with AddCqrs.");
}

/// <summary>One aggregate state type: its wire name and how its snapshots are written and read.</summary>
internal sealed class AggregateState<TState>(string wireName, IMessagePackCodec<TState> codec)
{
    public string WireName { get; } = wireName;

    public byte[] Serialize(TState state) => codec.ToBytes(state);

    /// <exception cref="MessageFormatException">The bytes are not one valid state.</exception>
    public TState Deserialize(ReadOnlyMemory<byte> bytes) => codec.FromBytes(bytes, WireName, "snapshot");
}
