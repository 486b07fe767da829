namespace Cqrs;

/// <summary>An aggregate state type's wire name and codec (an <see cref="Serialization.IMessagePackCodec{T}"/> of the type).</summary>
internal sealed record AggregateStateRegistration(string WireName, object Codec);
