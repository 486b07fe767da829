using Cqrs.Benchtest.Messages;
using Cqrs.EventSourcing;

namespace Cqrs.Benchtest.Sagas;

/// <summary>
/// The saga of the benchtest's <c>--saga</c> mode: each operation starts one, advances it with one event and
/// completes it, which then publishes the operation's <see cref="NumberRecorded"/> to its two handlers.
/// </summary>
[WireName("bench.v1.number-saga")]
public sealed record NumberSaga([property: Key(0)] int Number, [property: Key(1)] bool Advanced)
    : ISagaStartedBy<NumberSaga, StartNumberSaga>, ISagaHandles<NumberSaga, NumberSagaAdvanced>
{
    /// <inheritdoc/>
    public static NumberSaga Initial { get; } = new(0, false);

    /// <summary>Starts the saga and advances it with an event.</summary>
    public NumberSaga Handle(StartNumberSaga message, SagaContext context)
    {
        ArgumentNullException.ThrowIfNull(message);
        ArgumentNullException.ThrowIfNull(context);
        context.Publish(new NumberSagaAdvanced(message.SagaId, message.Sequence, message.Number));
        return this with { Number = message.Number };
    }

    /// <summary>Completes the saga, publishing the operation's event.</summary>
    public NumberSaga Handle(NumberSagaAdvanced message, SagaContext context)
    {
        ArgumentNullException.ThrowIfNull(message);
        ArgumentNullException.ThrowIfNull(context);
        context.Publish(new NumberRecorded(message.Sequence, Number));
        context.Complete();
        return this with { Advanced = true };
    }
}

/// <summary>Starts an operation's saga (sent by the command handler in <c>--saga</c> mode).</summary>
/// <param name="SagaId">The saga's id: the command's message id, as sequences repeat from one phase of a run to the next.</param>
/// <param name="Sequence">The operation's index in the run.</param>
/// <param name="Number">The number recorded.</param>
[WireName("bench.v1.start-number-saga")]
public sealed record StartNumberSaga([property: Key(0), SagaId] Guid SagaId, [property: Key(1)] int Sequence, [property: Key(2)] int Number) : ICommand;

/// <summary>Advances an operation's saga.</summary>
/// <param name="SagaId">The saga's id.</param>
/// <param name="Sequence">The operation's index in the run.</param>
/// <param name="Number">The number recorded.</param>
[WireName("bench.v1.number-saga-advanced")]
public sealed record NumberSagaAdvanced([property: Key(0), SagaId] Guid SagaId, [property: Key(1)] int Sequence, [property: Key(2)] int Number) : IEvent;
