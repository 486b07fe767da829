namespace Cqrs.EventSourcing;

/// <summary>
/// A message a started saga reacts to. The saga is found by the member its <see cref="SagaCorrelationAttribute"/>
/// names, or else by the message's <see cref="SagaIdAttribute"/> member; a message for a saga that does not exist, or
/// has completed, meets <see cref="SagaOptions.NotFound"/>.
/// </summary>
/// <typeparam name="TSelf">The saga type itself.</typeparam>
/// <typeparam name="TMessage">A command or event.</typeparam>
public interface ISagaHandles<TSelf, TMessage> : ISaga<TSelf>
    where TSelf : ISaga<TSelf>
    where TMessage : IMessage
{
    /// <summary>
    /// The saga's state after <paramref name="message"/>: a decision with no side effects of its own. What it sends,
    /// publishes, schedules or completes goes through <paramref name="context"/>, and happens only once the new state is
    /// saved; after losing a race to another message for the same saga, it is called again on the winner's state.
    /// </summary>
    TSelf Handle(TMessage message, SagaContext context);
}
