namespace Cqrs.EventSourcing;

/// <summary>
/// A timeout the saga requests of itself (<see cref="SagaContext.RequestTimeout{TTimeout}(TTimeout, TimeSpan)"/>): a
/// command, stored with the saga and delivered to it when due, also after a restart (over Service Bus, as a scheduled
/// message the broker keeps until then). A timeout that comes due after its saga completed is dropped and counted
/// (<c>cqrs.sagas.timeouts_dropped</c>).
/// </summary>
/// <typeparam name="TSelf">The saga type itself.</typeparam>
/// <typeparam name="TTimeout">A command with a <see cref="SagaIdAttribute"/> member, or one the saga correlates by a <see cref="SagaCorrelationAttribute"/>.</typeparam>
public interface ISagaTimeout<TSelf, TTimeout> : ISaga<TSelf>
    where TSelf : ISaga<TSelf>
    where TTimeout : ICommand
{
    /// <summary>The saga's state once <paramref name="timeout"/> is due; as <see cref="ISagaHandles{TSelf, TMessage}.Handle"/>.</summary>
    TSelf Timeout(TTimeout timeout, SagaContext context);
}
