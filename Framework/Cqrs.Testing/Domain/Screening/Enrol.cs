namespace Cqrs.Testing.Domain.Screening;

/// <summary>A command with two validators: an asynchronous rule on the name, a synchronous one on the age.</summary>
[WireName("tests.v1.enrol")]
public sealed record Enrol([property: Key(0)] string Name, [property: Key(1)] int Age) : ICommand;
