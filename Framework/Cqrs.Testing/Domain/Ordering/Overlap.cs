namespace Cqrs.Testing.Domain.Ordering;

/// <summary>
/// A command ordered by <paramref name="Lane"/>, or by nothing when it is null; <see cref="OverlapHandler"/> waits in it
/// until others run beside it.
/// </summary>
[WireName("tests.v1.overlap")]
public sealed record Overlap([property: Key(0)] int Number, [property: Key(1), OrderingKey] string? Lane = null) : ICommand;
