namespace Cqrs.EventSourcing;

/// <summary>What a saga's turn stores besides its state, and what it counts.</summary>
public sealed partial class SagaRuntime<TSaga>
{
    /// <summary>
    /// The timeouts the saga asked for, validated and serialized, each under a new id, with the trace that asked. New
    /// ids, not derived ones: a timeout is the saga's own reminder, kept under its id, and a turn run again after its
    /// message was forgotten from the saga's handled ids would store its timeout again under the same key.
    /// </summary>
    private async ValueTask<List<SagaTimeoutRecord>> TimeoutsOfAsync(string sagaId, SagaContext saga, IMessageContext context, CancellationToken cancellationToken)
    {
        var timeouts = new List<SagaTimeoutRecord>(saga.Timeouts.Count);
        foreach (var requested in saga.Timeouts)
        {
            var serialized = await _services.Pipeline.ValidateAndSerializeAsync(requested.Timeout, cancellationToken).ConfigureAwait(false);
            timeouts.Add(new SagaTimeoutRecord(
                _services.Pipeline.NewMessageId(), SagaType, sagaId, requested.DueAt, serialized.WireName, serialized.Body, context.CorrelationId, context.MessageId)
            {
                TraceParent = SagaTelemetry.CurrentTraceParent(),
            });
        }

        return timeouts;
    }

    /// <summary>
    /// The commands and events the saga decided on, validated and serialized, to keep with it until delivered; each
    /// under the id of the handler's next send, derived from the message it handles, as a handler's sends are: a turn
    /// run again after its message was forgotten from the saga's handled ids sends under the ids it sent under before,
    /// which an inbox downstream drops. A turn decided again after losing a race goes on from the positions the lost
    /// one took: that one was not saved, so nothing went out under them.
    /// </summary>
    private async ValueTask<List<PendingMessage>> PendingOfAsync(SagaContext saga, IMessageContext context, CancellationToken cancellationToken)
    {
        var pending = new List<PendingMessage>(saga.Outgoing.Count);
        foreach (var outgoing in saga.Outgoing)
        {
            var serialized = await _services.Pipeline.ValidateAndSerializeAsync(outgoing, cancellationToken).ConfigureAwait(false);
            pending.Add(new PendingMessage(_services.Pipeline.NewMessageId(context), context.CorrelationId, context.MessageId, serialized.WireName, serialized.Body));
        }

        return pending;
    }

    private void NotFound(string sagaId, SagaStep step, IMessageContext context)
    {
        if (step == SagaStep.Timeout)
        {
            _services.Telemetry.TimeoutDropped(SagaType);
            return;
        }

        _services.Telemetry.NotFound(SagaType);
        if (_services.Options.NotFound == SagaNotFound.DeadLetter)
        {
            throw new SagaNotFoundException($"No running saga {SagaType} '{sagaId}' for message {context.WireName} {context.MessageId}, which does not start one.");
        }
    }

    private void Count(bool started, bool completed, SagaStep step)
    {
        if (started)
        {
            _services.Telemetry.Started(SagaType);
        }

        if (step == SagaStep.Timeout)
        {
            _services.Telemetry.TimedOut(SagaType);
        }

        if (completed)
        {
            _services.Telemetry.Completed(SagaType);
        }
    }
}
