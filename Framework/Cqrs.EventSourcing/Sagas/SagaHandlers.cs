namespace Cqrs.EventSourcing;

/// <summary>
/// The event handler the source generator registers for each event a saga handles: finds the saga by the event's
/// id, calls it, saves it. Not meant to be used by hand. Thread-safe.
/// </summary>
/// <typeparam name="TSaga">The saga.</typeparam>
/// <typeparam name="TEvent">The event.</typeparam>
/// <typeparam name="TMap">The generated map of the event to the saga's id.</typeparam>
public sealed class SagaEventHandler<TSaga, TEvent, TMap>(IServiceProvider services) : IEventHandler<TEvent>, INamedHandler
    where TSaga : ISagaHandles<TSaga, TEvent>
    where TEvent : IEvent
    where TMap : ISagaMap<TEvent>
{
    private SagaRuntime<TSaga> Runtime => field ??= SagaRuntimes.Of<TSaga>(services);

    /// <inheritdoc/>
    public string HandlerName => TMap.HandlerName;

    /// <inheritdoc/>
    public ValueTask HandleAsync(TEvent @event, IMessageContext context, CancellationToken cancellationToken) =>
        SagaMessages.HandleAsync<TSaga, TEvent, TMap>(Runtime, @event, context, cancellationToken);
}

/// <summary>The command handler the source generator registers for each command a saga handles; as <see cref="SagaEventHandler{TSaga, TEvent, TMap}"/>.</summary>
/// <typeparam name="TSaga">The saga.</typeparam>
/// <typeparam name="TCommand">The command.</typeparam>
/// <typeparam name="TMap">The generated map of the command to the saga's id.</typeparam>
public sealed class SagaCommandHandler<TSaga, TCommand, TMap>(IServiceProvider services) : ICommandHandler<TCommand>, INamedHandler
    where TSaga : ISagaHandles<TSaga, TCommand>
    where TCommand : ICommand
    where TMap : ISagaMap<TCommand>
{
    private SagaRuntime<TSaga> Runtime => field ??= SagaRuntimes.Of<TSaga>(services);

    /// <inheritdoc/>
    public string HandlerName => TMap.HandlerName;

    /// <inheritdoc/>
    public ValueTask HandleAsync(TCommand command, IMessageContext context, CancellationToken cancellationToken) =>
        SagaMessages.HandleAsync<TSaga, TCommand, TMap>(Runtime, command, context, cancellationToken);
}

/// <summary>
/// The command handler the source generator registers for each timeout a saga takes: a timeout for a saga that has
/// completed, or does not exist, is dropped and counted.
/// </summary>
/// <typeparam name="TSaga">The saga.</typeparam>
/// <typeparam name="TTimeout">The timeout command.</typeparam>
/// <typeparam name="TMap">The generated map of the timeout to the saga's id.</typeparam>
public sealed class SagaTimeoutHandler<TSaga, TTimeout, TMap>(IServiceProvider services) : ICommandHandler<TTimeout>, INamedHandler
    where TSaga : ISagaTimeout<TSaga, TTimeout>
    where TTimeout : ICommand
    where TMap : ISagaMap<TTimeout>
{
    private SagaRuntime<TSaga> Runtime => field ??= SagaRuntimes.Of<TSaga>(services);

    /// <inheritdoc/>
    public string HandlerName => TMap.HandlerName;

    /// <inheritdoc/>
    public ValueTask HandleAsync(TTimeout command, IMessageContext context, CancellationToken cancellationToken) =>
        Runtime.HandleAsync(
            TMap.SagaIdOf(command),
            command,
            context,
            SagaStep.Timeout,
            static (saga, timeout, sagaContext) => saga.Timeout(timeout, sagaContext),
            cancellationToken);
}

/// <summary>What the event and command handlers of a saga share: a message it handles, found by its generated map.</summary>
internal static class SagaMessages
{
    public static ValueTask HandleAsync<TSaga, TMessage, TMap>(SagaRuntime<TSaga> runtime, TMessage message, IMessageContext context, CancellationToken cancellationToken)
        where TSaga : ISagaHandles<TSaga, TMessage>
        where TMessage : IMessage
        where TMap : ISagaMap<TMessage> =>
        runtime.HandleAsync(
            TMap.SagaIdOf(message),
            message,
            context,
            TMap.StartsSaga(message) ? SagaStep.Start : SagaStep.Handle,
            static (saga, handled, sagaContext) => saga.Handle(handled, sagaContext),
            cancellationToken);
}
