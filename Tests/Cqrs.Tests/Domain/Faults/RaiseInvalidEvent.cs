namespace Cqrs.Tests.Domain.Faults;

/// <summary>A valid command whose handler publishes an invalid <see cref="FlakyEvent"/>.</summary>
[WireName("tests.v1.raise-invalid-event")]
public sealed record RaiseInvalidEvent([property: Key(0)] Guid Id) : ICommand;
