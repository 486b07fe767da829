namespace Cqrs.Tests.Serialization.Untrusted;

/// <summary>A message whose contract holds itself: as deep as the data says, up to MessagePack's untrusted-data limit.</summary>
[WireName("untrusted.v1.chain")]
public sealed record HostileChain([property: Key(0)] HostileLink First) : IEvent;

/// <summary>One link of a <see cref="HostileChain"/>, and the rest of the chain after it.</summary>
public sealed record HostileLink(
    [property: Key(0)] HostileLink? Next,
    [property: Key(1)] string Label);
