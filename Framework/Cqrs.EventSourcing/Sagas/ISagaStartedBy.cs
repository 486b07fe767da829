namespace Cqrs.EventSourcing;

/// <summary>
/// A message that starts the saga when none exists with its id (<see cref="ISaga{TSelf}.Initial"/> is then the state
/// it is handled on), and is handled like any other when one does. A saga has at least one (CQRS013).
/// </summary>
/// <typeparam name="TSelf">The saga type itself.</typeparam>
/// <typeparam name="TMessage">A command or event.</typeparam>
public interface ISagaStartedBy<TSelf, TMessage> : ISagaHandles<TSelf, TMessage>
    where TSelf : ISaga<TSelf>
    where TMessage : IMessage;
