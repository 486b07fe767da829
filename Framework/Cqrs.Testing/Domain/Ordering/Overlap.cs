namespace Cqrs.Testing.Domain.Ordering;

/// <summary>A command with no ordering key; <see cref="OverlapHandler"/> waits in it until others run beside it.</summary>
[WireName("tests.v1.overlap")]
public sealed record Overlap([property: Key(0)] int Number) : ICommand;
