namespace Cqrs.Testing.Domain.Probes;

/// <summary>Thrown by the test domain's handlers when a test asks them to fail.</summary>
public sealed class InjectedFailureException(string message) : Exception(message);
