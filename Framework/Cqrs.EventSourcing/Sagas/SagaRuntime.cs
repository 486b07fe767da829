namespace Cqrs.EventSourcing;

/// <summary>
/// Loads, calls and saves sagas of one type for the handlers the source generator registers. A message's turn:
/// load the saga (or start it), skip the message if the saga has handled it already (its id is kept with the state),
/// call the saga, save its new state with its timeouts expecting the version it was loaded at (handling the message
/// again on the winner's state after losing a race), then send what the saga decided. Thread-safe.
/// </summary>
/// <typeparam name="TSaga">The saga type.</typeparam>
public sealed class SagaRuntime<TSaga>
    where TSaga : ISaga<TSaga>
{
    private readonly SagaServices _services;
    private readonly AggregateState<TSaga> _state;

    /// <summary>The runtime of <typeparamref name="TSaga"/>; resolved from the container by the generated handlers.</summary>
    /// <exception cref="InvalidOperationException"><typeparamref name="TSaga"/> is not registered (it has no [WireName], or its assembly's registry was not added).</exception>
    public SagaRuntime(SagaServices services)
    {
        ArgumentNullException.ThrowIfNull(services);
        _services = services;
        _state = services.States.Get<TSaga>();
    }

    /// <summary>The saga type's wire name, under which its sagas are stored.</summary>
    public string SagaType => _state.WireName;

    /// <summary>Saga <paramref name="sagaId"/> as last saved, or null when it never was: for queries and tests.</summary>
    /// <exception cref="StoredDataException">The saga's stored data cannot be read.</exception>
    public async Task<LoadedSaga<TSaga>?> LoadAsync(string sagaId, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(sagaId);
        var record = await _services.Store.LoadSagaAsync(SagaType, sagaId, cancellationToken).ConfigureAwait(false);
        return record is null ? null : new LoadedSaga<TSaga>(Read(record).State, record.Version, record.Completed);
    }

    /// <summary>Runs <paramref name="message"/>'s turn with saga <paramref name="sagaId"/>.</summary>
    /// <exception cref="SagaNotFoundException">No such saga, and <see cref="SagaOptions.NotFound"/> says dead-letter.</exception>
    /// <exception cref="ConcurrencyException">Lost more races than <see cref="SagaOptions.ConflictRetries"/> allows.</exception>
    internal async ValueTask HandleAsync<TMessage>(
        string sagaId, TMessage message, IMessageContext context, SagaStep step, Func<TSaga, TMessage, SagaContext, TSaga> handle, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(sagaId);
        using var activity = SagaTelemetry.Start(SagaType, sagaId);
        SagaContext? decided;
        using (await _services.Locks.EnterAsync($"{SagaType}/{sagaId}", cancellationToken).ConfigureAwait(false))
        {
            decided = await DecideAndSaveAsync(sagaId, message, context, step, handle, cancellationToken).ConfigureAwait(false);
        }

        // Sent outside the saga's turn: in direct dispatch what it sends may come straight back to the same saga.
        if (decided is not null)
        {
            foreach (var dispatch in decided.Dispatches)
            {
                await dispatch(context, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>The saga's decision once saved, or null when there was nothing to do.</summary>
    private async ValueTask<SagaContext?> DecideAndSaveAsync<TMessage>(
        string sagaId, TMessage message, IMessageContext context, SagaStep step, Func<TSaga, TMessage, SagaContext, TSaga> handle, CancellationToken cancellationToken)
    {
        var store = _services.Store;
        for (var attempt = 0; ; attempt++)
        {
            var record = await store.LoadSagaAsync(SagaType, sagaId, cancellationToken).ConfigureAwait(false);
            if ((record is null && step != SagaStep.Start) || record is { Completed: true })
            {
                NotFound(sagaId, step, context);
                return null;
            }

            var (state, handled) = record is null ? (TSaga.Initial, []) : Read(record);
            if (handled.Contains(context.MessageId))
            {
                return null;
            }

            var saga = new SagaContext(sagaId, context.MessageId, context.CorrelationId, _services.Clock.GetUtcNow(), isNew: record is null);
            var next = handle(state, message, saga);
            var timeouts = await TimeoutsOf(sagaId, saga, context, cancellationToken).ConfigureAwait(false);
            handled.Add(context.MessageId);
            if (handled.Count > _services.Options.RememberedMessages)
            {
                handled.RemoveRange(0, handled.Count - _services.Options.RememberedMessages);
            }

            var version = record?.Version ?? 0;
            var saved = new SagaRecord(SagaType, sagaId, version + 1, SagaData.Write(_state.Serialize(next), handled), saga.IsCompleted);
            try
            {
                await store.SaveSagaAsync(saved, version, timeouts, cancellationToken).ConfigureAwait(false);
            }
            catch (ConcurrencyException) when (attempt < _services.Options.ConflictRetries)
            {
                // Another process saved this saga first: decide again on the state it left.
                _services.Telemetry.Conflict(SagaType);
                continue;
            }

            Count(record is null, saga.IsCompleted, step);
            _services.Decided?.Invoke(SagaType, saga);
            if (timeouts.Count > 0)
            {
                _services.Timeouts.Requested();
            }

            return saga;
        }
    }

    private (TSaga State, List<Guid> Handled) Read(SagaRecord record)
    {
        try
        {
            var (state, handled) = SagaData.Read(record.Data);
            return (_state.Deserialize(state), handled);
        }
        catch (Exception exception) when (exception is MessagePack.MessagePackSerializationException or Serialization.MessageFormatException)
        {
            throw new StoredDataException(new StreamPosition($"{SagaType}-{record.SagaId}", record.Version), $"the saga's data cannot be read: {exception.Message}", exception);
        }
    }

    private async ValueTask<List<SagaTimeoutRecord>> TimeoutsOf(string sagaId, SagaContext saga, IMessageContext context, CancellationToken cancellationToken)
    {
        var timeouts = new List<SagaTimeoutRecord>(saga.Timeouts.Count);
        foreach (var requested in saga.Timeouts)
        {
            var serialized = await _services.Pipeline.ValidateAndSerializeAsync(requested.Timeout, cancellationToken).ConfigureAwait(false);
            timeouts.Add(new SagaTimeoutRecord(
                _services.Pipeline.NewMessageId(), SagaType, sagaId, requested.DueAt, serialized.WireName, serialized.Body, context.CorrelationId, context.MessageId));
        }

        return timeouts;
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
