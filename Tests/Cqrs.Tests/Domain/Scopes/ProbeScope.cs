namespace Cqrs.Tests.Domain.Scopes;

/// <summary>A command whose handler and the handlers of the event it raises show which scope they ran in.</summary>
[WireName("tests.v1.probe-scope")]
public sealed record ProbeScope([property: Key(0)] int Number) : ICommand;
