namespace Cqrs.Testing.Domain.Stopping;

/// <summary>A command whose handler stops the container it runs in, then raises <see cref="StopBegun"/>.</summary>
[WireName("tests.v1.begin-stop")]
public sealed record BeginStop([property: Key(0)] int Number) : ICommand;
