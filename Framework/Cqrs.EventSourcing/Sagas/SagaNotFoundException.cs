namespace Cqrs.EventSourcing;

/// <summary>A message came for a saga that does not exist or has completed, and <see cref="SagaOptions.NotFound"/> is <see cref="SagaNotFound.DeadLetter"/>.</summary>
public sealed class SagaNotFoundException : Exception
{
    /// <summary>Creates the error.</summary>
    public SagaNotFoundException()
    {
    }

    /// <summary>Creates the error with a message.</summary>
    public SagaNotFoundException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the error with a message and its cause.</summary>
    public SagaNotFoundException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
