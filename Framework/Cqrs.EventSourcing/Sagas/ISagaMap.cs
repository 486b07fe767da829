namespace Cqrs.EventSourcing;

/// <summary>
/// How a saga finds its id in <typeparamref name="TMessage"/>, whether the message starts it, and what the saga's
/// handler of it is called. Implemented by the source generator, from <see cref="SagaCorrelationAttribute"/> or
/// <see cref="SagaIdAttribute"/> and <see cref="ISagaStartedBy{TSelf, TMessage}"/>, for the handlers it registers;
/// not meant to be implemented by hand.
/// </summary>
/// <typeparam name="TMessage">A message a saga handles.</typeparam>
public interface ISagaMap<TMessage>
{
    /// <summary>The id of the saga <paramref name="message"/> is for.</summary>
    static abstract string SagaIdOf(TMessage message);

    /// <summary>True when the message starts the saga if it does not exist.</summary>
    static abstract bool StartsSaga(TMessage message);

    /// <summary>The name the saga's handler of the message goes by (<see cref="INamedHandler"/>): <c>&lt;saga wire name&gt;/&lt;message wire name&gt;</c>.</summary>
    static abstract string HandlerName { get; }
}
