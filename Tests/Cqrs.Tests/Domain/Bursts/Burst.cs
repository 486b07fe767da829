namespace Cqrs.Tests.Domain.Bursts;

/// <summary>A command whose handler publishes <see cref="Count"/> events in a row.</summary>
[WireName("tests.v1.burst")]
public sealed record Burst([property: Key(0)] int Count) : ICommand;
