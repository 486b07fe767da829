namespace Cqrs.Tests.Domain.Probes;

/// <summary>Thrown by the test domain's handlers when a test asks them to fail.</summary>
public sealed class InjectedFailureException : Exception
{
    public InjectedFailureException(string message)
        : base(message)
    {
    }

    public InjectedFailureException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    public InjectedFailureException()
        : base("Failed on purpose.")
    {
    }
}
