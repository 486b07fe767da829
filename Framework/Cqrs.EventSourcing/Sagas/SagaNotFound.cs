namespace Cqrs.EventSourcing;

/// <summary>What happens to a message for a saga that does not exist (or has completed) and does not start one.</summary>
public enum SagaNotFound
{
    /// <summary>The message is handled without effect, and counted in <c>cqrs.sagas.not_found</c>.</summary>
    Ignore,

    /// <summary>
    /// The handler throws <see cref="SagaNotFoundException"/>, counted too: the pipeline retries it (the saga may be
    /// started meanwhile) and then dead-letters it with the exception's type and message.
    /// </summary>
    DeadLetter,
}
