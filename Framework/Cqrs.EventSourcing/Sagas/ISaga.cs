namespace Cqrs.EventSourcing;

/// <summary>
/// A saga (process manager): the state of one long-running workflow, kept between the messages that move it on.
/// Give the type a <see cref="WireNameAttribute"/> (it names the saga in its store) and <see cref="KeyAttribute"/>
/// members, as for messages: the source generator emits its codec. Say which messages start it
/// (<see cref="ISagaStartedBy{TSelf, TMessage}"/>, at least one), which it handles once started
/// (<see cref="ISagaHandles{TSelf, TMessage}"/>) and which timeouts it takes (<see cref="ISagaTimeout{TSelf, TTimeout}"/>);
/// mark the member of each of those messages that holds the saga's id with <see cref="SagaIdAttribute"/>, or name it
/// with a <see cref="SagaCorrelationAttribute"/> on the saga. The generator
/// registers one handler per message, which loads the saga, calls it, and saves it with optimistic concurrency.
/// </summary>
/// <typeparam name="TSelf">The saga type itself.</typeparam>
public interface ISaga<TSelf>
    where TSelf : ISaga<TSelf>
{
    /// <summary>The state of a saga before its first message; the starting message's handler is called on it.</summary>
    static abstract TSelf Initial { get; }
}
