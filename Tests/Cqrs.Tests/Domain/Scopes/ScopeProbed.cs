namespace Cqrs.Tests.Domain.Scopes;

/// <summary>Raised by <see cref="ProbeScopeHandler"/>; handled by <see cref="FirstScopeProbedHandler"/> and <see cref="SecondScopeProbedHandler"/>.</summary>
[WireName("tests.v1.scope-probed")]
public sealed record ScopeProbed([property: Key(0)] int Number) : IEvent;
