namespace Cqrs.ServiceBus.Tests.Domain.Parting;

/// <summary>
/// An event with two handlers, called in the order of their type names: <see cref="PartedAtOnceHandler"/> returns at once,
/// then <see cref="PartedHeldHandler"/>, which can be made to hold a call until its token fires.
/// </summary>
[WireName("tests.v1.parted")]
public sealed record Parted([property: Key(0)] int Number) : IEvent;
