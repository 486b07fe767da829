namespace Cqrs.Testing.Domain.Counting;

/// <summary>The benchtest's operation in small: a command carrying a number, raising <see cref="Pinged"/> with it.</summary>
[WireName("tests.v1.ping")]
public sealed record Ping([property: Key(0)] int Number) : ICommand;
