namespace Cqrs.EventSourcing.Testing;

/// <summary>What a saga scenario's last message did.</summary>
/// <param name="Saga">The saga as saved after it, or null when there is none.</param>
/// <param name="Sent">The commands it sent, in order.</param>
/// <param name="Published">The events it published, in order.</param>
/// <param name="Timeouts">The timeouts it requested.</param>
/// <typeparam name="TSaga">The saga type.</typeparam>
public sealed record SagaOutcome<TSaga>(LoadedSaga<TSaga>? Saga, IReadOnlyList<ICommand> Sent, IReadOnlyList<IEvent> Published, IReadOnlyList<RequestedTimeout> Timeouts);
