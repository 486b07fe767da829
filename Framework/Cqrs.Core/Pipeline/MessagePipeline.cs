using System.Diagnostics;
using Cqrs.Diagnostics;
using Cqrs.Transports;
using FluentValidation.Results;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.Pipeline;

/// <summary>
/// The pipeline of every hop (DESIGN.md §4). Sending: validate, serialize, stamp headers and trace context,
/// hand to the transport. Receiving: find the type by wire name, then the descriptor reads, validates and
/// invokes handlers; failures are retried, then dead-lettered. Thread-safe; one per container.
/// </summary>
internal sealed partial class MessagePipeline : ITransportReceiver, IAsyncDisposable, IDisposable
{
    private readonly MessageCatalog _catalog;
    private readonly ITransport _transport;
    private readonly CqrsOptions _options;
    private readonly ILogger _logger;
    private readonly TimeProvider _clock;
    private readonly bool _coarseStamps;

    public MessagePipeline(
        MessageCatalog catalog,
        ITransport transport,
        CqrsTelemetry telemetry,
        IOptions<CqrsOptions> options,
        CqrsBuilder builder,
        IServiceProvider services,
        ILogger<MessagePipeline> logger,
        TimeProvider clock)
    {
        _catalog = catalog;
        _transport = transport;
        _options = options.Value;
        _logger = logger;
        _clock = clock;
        _coarseStamps = _options.DirectDispatch && clock == TimeProvider.System;
        Telemetry = telemetry;
        Services = services;
        if (_options.DirectDispatch && !transport.HandlesLocallyOnly)
        {
            throw new OptionsValidationException(nameof(CqrsOptions), typeof(CqrsOptions), [$"{nameof(CqrsOptions.DirectDispatch)} works only with the in-process transport."]);
        }

        catalog.Bind(services, builder.HandlerLifetime);
        transport.Start(this);
    }

    public CqrsTelemetry Telemetry { get; }

    public IServiceProvider Services { get; }

    public string TransportName => _transport.Name;

    public int ImmediateRetries => _options.Retry.ImmediateRetries;

    /// <summary>The largest message sent, and received: a larger body is refused on either side.</summary>
    public int MaxMessageBytes => _options.MaxMessageBytes;

    /// <summary>
    /// A new message id with its send time. Direct dispatch reads the time from <see cref="CoarseClock"/>: its messages
    /// are handled in the sender's call, with no queue whose lag a precise time would measure. A clock of the app's own
    /// (a test's fake one) is read as it is.
    /// </summary>
    public MessageStamp NextStamp() => _coarseStamps ? MessageIds.NextCoarse() : MessageIds.Next(_clock);

    /// <summary>
    /// The container disposes services in reverse order of creation, and the pipeline is created after the
    /// handlers it binds: so operations under way finish here, before the handlers' dependencies go.
    /// </summary>
    public ValueTask DisposeAsync() => new(StopAsync());

    /// <summary>Stops the transport: see <see cref="ITransport.StopAsync"/>. Idempotent.</summary>
    public Task StopAsync() => _transport.StopAsync();

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => _transport.StopAsync().GetAwaiter().GetResult();

    /// <summary>
    /// Validates, serializes and sends one command or event. Without asynchronous validation rules, a send that the
    /// transport takes at once costs no async state machine.
    /// </summary>
    /// <exception cref="FluentValidation.ValidationException">The message is invalid; nothing was sent.</exception>
    public ValueTask SendAsync<T>(T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken)
    {
        var descriptor = _catalog.Find<T>();
        if (descriptor is null)
        {
            return SendByRuntimeTypeAsync(message, stamp, correlationId, cause, cancellationToken);
        }

        if (descriptor.Kind == MessageKind.Command && !descriptor.HasHandlers && _transport.HandlesLocallyOnly)
        {
            throw new InvalidOperationException($"No handler for command {descriptor.WireName} is registered, and the {_transport.Name} transport can only deliver in this process.");
        }

        if (!_options.DirectDispatch || _options.ValidateInDirectDispatch)
        {
            var validating = descriptor.ValidateAsync(message, cancellationToken);
            if (!validating.IsCompletedSuccessfully)
            {
                return SendOnceValidAsync(descriptor, message, validating, stamp, correlationId, cause, cancellationToken);
            }

            descriptor.ThrowIfAny(validating.Result);
        }

        return SendValid(descriptor, message, stamp, correlationId, cause, cancellationToken);
    }

    private async ValueTask SendOnceValidAsync<T>(
        MessageDescriptor<T> descriptor,
        T message,
        ValueTask<List<ValidationFailure>?> validating,
        MessageStamp stamp,
        Guid correlationId,
        MessageContext? cause,
        CancellationToken cancellationToken)
    {
        descriptor.ThrowIfAny(await validating.ConfigureAwait(false));
        await SendValid(descriptor, message, stamp, correlationId, cause, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Hands a valid message over: to its handlers in line, as it is, when direct dispatch has no span to record and
    /// no hop limit to mind; else as a transport message.
    /// </summary>
    private ValueTask SendValid<T>(MessageDescriptor<T> descriptor, T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken) =>
        _options.DirectDispatch && !CqrsTelemetry.Source.HasListeners() && !(cause?.InlineDepth >= TransportMessage.MaxInlineDepth)
            ? RecordSentOnceDone(descriptor, HandleInLineAsync(descriptor, message, stamp, correlationId, cause, cancellationToken))
            : DispatchAsync(descriptor, Outgoing(descriptor, message, stamp, correlationId, cause), cause, cancellationToken);

    /// <summary>A message leaving this process's code: serialized, or itself in direct mode.</summary>
    private TransportMessage Outgoing<T>(MessageDescriptor<T> descriptor, T message, MessageStamp stamp, Guid correlationId, MessageContext? cause) => new()
    {
        MessageId = stamp.MessageId,
        CorrelationId = correlationId,
        EnqueuedTime = stamp.Time,
        CausationId = cause?.MessageId ?? Guid.Empty,
        InlineDepth = (cause?.InlineDepth ?? 0) + 1,
        WireName = descriptor.WireName,
        ValidatedBySender = !_options.DirectDispatch,
        Body = _options.DirectDispatch ? default : SerializeWithinLimit(descriptor, message),
        Payload = _options.DirectDispatch ? message : null,
    };

    /// <summary>
    /// Publishes an event read back from an event store's outbox. It keeps the ids and body it was stored with,
    /// so a consumer's inbox recognises a second publication of it. <paramref name="validated"/> says this
    /// process validated the event before storing it; <paramref name="cause"/> is the handler call that stored it, if any.
    /// <paramref name="delivery"/> says when every copy of it is settled, so that the outbox marks it published only then.
    /// </summary>
    public ValueTask PublishStoredAsync(MessageDescriptor descriptor, StoredMessage stored, StoredDelivery delivery, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        var causeContext = cause as MessageContext;
        var outgoing = new TransportMessage
        {
            MessageId = stored.MessageId,
            CorrelationId = stored.CorrelationId,
            CausationId = stored.CausationId,
            EnqueuedTime = _clock.GetUtcNow(),
            InlineDepth = (causeContext?.InlineDepth ?? 0) + 1,
            WireName = descriptor.WireName,
            ValidatedBySender = validated,
            Body = stored.Body,
            Payload = _options.DirectDispatch ? descriptor.DeserializeObject(stored.Body) : null,
            Stored = delivery,
        };
        return DispatchAsync(descriptor, outgoing, causeContext, cancellationToken);
    }

    /// <summary>
    /// Hands a message to its handlers now (direct dispatch) or to the transport, in a send span when its trace is
    /// sampled. Without a span there is nothing to end, so a hand-over that completes at once needs no async state
    /// machine.
    /// </summary>
    private ValueTask DispatchAsync(MessageDescriptor descriptor, TransportMessage outgoing, MessageContext? cause, CancellationToken cancellationToken)
    {
        if (CqrsTelemetry.Source.HasListeners())
        {
            var caller = Activity.Current;
            var activity = CqrsTelemetry.StartSend(descriptor, outgoing, cause?.Delivery, caller, _transport.Name);
            if (activity is not null)
            {
                var dispatching = DispatchInSpanAsync(activity, descriptor, outgoing, cause, cancellationToken);

                // The span goes on in the dispatch. Starting it made it the current activity, here, outside any async
                // method that would undo that on return: the caller gets its own back, or its next sends would nest.
                Activity.Current = caller;
                return dispatching;
            }
        }

        return RecordSentOnceDone(descriptor, HandOverAsync(descriptor, outgoing, cause, cancellationToken));
    }

    /// <summary>Counts the message as sent once the hand-over is done; one that is done at once needs no async state machine.</summary>
    private ValueTask RecordSentOnceDone(MessageDescriptor descriptor, ValueTask handing)
    {
        if (!handing.IsCompletedSuccessfully)
        {
            return RecordSentAfterAsync(descriptor, handing);
        }

        handing.GetAwaiter().GetResult();
        Telemetry.RecordSent(descriptor);
        return ValueTask.CompletedTask;
    }

    private async ValueTask DispatchInSpanAsync(
        Activity activity, MessageDescriptor descriptor, TransportMessage outgoing, MessageContext? cause, CancellationToken cancellationToken)
    {
        using (activity)
        {
            await HandOverAsync(descriptor, outgoing, cause, cancellationToken).ConfigureAwait(false);
            Telemetry.RecordSent(descriptor);
        }
    }

    private async ValueTask RecordSentAfterAsync(MessageDescriptor descriptor, ValueTask handing)
    {
        await handing.ConfigureAwait(false);
        Telemetry.RecordSent(descriptor);
    }

    private ValueTask HandOverAsync(MessageDescriptor descriptor, TransportMessage outgoing, MessageContext? cause, CancellationToken cancellationToken) =>
        _options.DirectDispatch && outgoing.InlineDepth <= TransportMessage.MaxInlineDepth
            ? DispatchInlineAsync(descriptor, outgoing, cause, cancellationToken)
            : _transport.SendAsync(outgoing, cause?.Delivery, cancellationToken);

    /// <summary>
    /// Finds the type by wire name and receives through its descriptor; counts and logs a dead-letter decision. Never
    /// throws; completes synchronously when the handlers do.
    /// </summary>
    public ValueTask<Disposition> ReceiveAsync(TransportMessage message, CancellationToken cancellationToken)
    {
        var context = new DeliveryContext(this, message);
        var received = ReceiveUnsettled(_catalog.TryGet(message.WireName, out var descriptor) ? descriptor : null, context, cancellationToken);
        return received.IsCompletedSuccessfully
            ? ValueTask.FromResult(Settled(context, received.Result))
            : AwaitReceivedAsync(received, context);
    }

    /// <summary>
    /// Direct dispatch: the handlers run now, on the sender's call, as a mediator would. What the transport would
    /// do after handling it still does: dead-letter it, or settle its stored delivery.
    /// </summary>
    private ValueTask DispatchInlineAsync(MessageDescriptor descriptor, TransportMessage message, MessageContext? cause, CancellationToken cancellationToken)
    {
        message.DeliveryCount = 1;
        var context = new DeliveryContext(this, message);
        var settling = SettleInline(ReceiveUnsettled(descriptor, context, cancellationToken), context, cancellationToken);
        return message.Stored is { } stored ? SettleStoredAsync(settling, stored) : settling;
    }

    /// <summary>A stored event handled in line is delivered once its handlers are done; cancelled, it stays in the outbox.</summary>
    private static async ValueTask SettleStoredAsync(ValueTask settling, StoredDelivery stored)
    {
        try
        {
            await settling.ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            stored.CopyKept();
            throw;
        }

        stored.CopySettled();
    }

    /// <summary>
    /// Direct dispatch with no span to record: the message object goes to its handlers as it is, with no transport
    /// message, no lookup by wire name and no cast; then as <see cref="DispatchInlineAsync"/>. It records no lag:
    /// handling starts in the sender's call.
    /// </summary>
    private ValueTask HandleInLineAsync<T>(
        MessageDescriptor<T> descriptor, T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken)
    {
        var delivery = new InlineDelivery(this, descriptor.WireName, message!, stamp.MessageId, correlationId, cause);
        return SettleInline(descriptor.HandleAsync(delivery, message, cancellationToken), delivery, cancellationToken);
    }

    /// <summary>
    /// Settles an in-line delivery as its transport would; a completed one needs nothing. An abandoned one was
    /// cancelled by the caller, whose token its handlers got: the caller gets the cancellation, and nothing runs again.
    /// </summary>
    private ValueTask SettleInline(ValueTask<Disposition> received, MessageContext delivery, CancellationToken cancellationToken)
    {
        if (!received.IsCompletedSuccessfully)
        {
            return SettleInlineAsync(AwaitReceivedAsync(received, delivery), delivery, cancellationToken);
        }

        var disposition = received.Result;
        return disposition.Kind == DispositionKind.Complete
            ? ValueTask.CompletedTask
            : SettleInlineAsync(ValueTask.FromResult(Settled(delivery, disposition)), delivery, cancellationToken);
    }

    private async ValueTask SettleInlineAsync(ValueTask<Disposition> received, MessageContext delivery, CancellationToken cancellationToken)
    {
        var disposition = await received.ConfigureAwait(false);
        switch (disposition.Kind)
        {
            case DispositionKind.DeadLetter:
                await _transport.DeadLetterAsync(delivery.Delivery, disposition.Reason!, disposition.Description!, cancellationToken).ConfigureAwait(false);
                break;
            case DispositionKind.Abandon:
                throw new OperationCanceledException($"{delivery.WireName} {delivery.MessageId} was cancelled by its sender before every handler had handled it.", cancellationToken);
        }
    }

    /// <summary>Receives through the descriptor; what it throws at once comes back as a dead-letter decision.</summary>
    private static ValueTask<Disposition> ReceiveUnsettled(MessageDescriptor? descriptor, DeliveryContext context, CancellationToken cancellationToken)
    {
        try
        {
            return descriptor is not null
                ? descriptor.ReceiveAsync(context, cancellationToken)
                : ValueTask.FromResult(Disposition.DeadLetter(DeadLetterReasons.UnknownMessageType, $"No message type is registered under the wire name '{context.WireName}'."));
        }
        catch (Exception exception)
        {
            return ValueTask.FromResult(ProcessingFailed(exception));
        }
    }

    /// <summary>Awaits a receipt; a failure becomes a dead-letter decision, counted and logged as one.</summary>
    private async ValueTask<Disposition> AwaitReceivedAsync(ValueTask<Disposition> received, MessageContext delivery)
    {
        try
        {
            return Settled(delivery, await received.ConfigureAwait(false));
        }
        catch (Exception exception)
        {
            return Settled(delivery, ProcessingFailed(exception));
        }
    }

    private static Disposition ProcessingFailed(Exception exception) =>
        Disposition.DeadLetter(DeadLetterReasons.ProcessingFailed, $"{exception.GetType().FullName}: {exception.Message}");

    /// <summary>Counts and logs a dead-letter decision.</summary>
    private Disposition Settled(MessageContext delivery, Disposition disposition)
    {
        if (disposition.Kind == DispositionKind.DeadLetter)
        {
            RecordDeadLetter(delivery.WireName, delivery.MessageId, disposition.Reason!, disposition.Description!);
        }

        return disposition;
    }

    public void RecordFailure(MessageDescriptor descriptor, TransportMessage message, string handlerName, Exception exception, Activity? activity)
    {
        Telemetry.RecordFailed(descriptor.WireName, handlerName, exception, activity);
        LogHandlerFailed(exception, handlerName, descriptor.WireName, message.MessageId, message.DeliveryCount, message.RetryCount);
    }

    /// <summary>
    /// After the immediate retries: schedules a delayed retry while the policy has delays left, else dead-letters.
    /// For one failed handler of a multi-handler event the copy is aimed at that handler alone.
    /// </summary>
    public async ValueTask<Disposition> RetryLaterOrDeadLetterAsync(
        TransportMessage message, string handlerName, Exception exception, bool wholeDelivery, CancellationToken cancellationToken)
    {
        var delays = _options.Retry.Delays;
        var target = wholeDelivery ? message.TargetHandler : handlerName;
        if (message.RetryCount < delays.Count)
        {
            await _transport.ScheduleAsync(message.ForRetry(target), delays[message.RetryCount], cancellationToken).ConfigureAwait(false);
            Telemetry.RecordRetried(message.WireName);
            return Disposition.Complete;
        }

        var description = $"{handlerName} failed {(message.RetryCount + 1) * (_options.Retry.ImmediateRetries + 1)} times; last: {exception.GetType().FullName}: {exception.Message}";
        if (wholeDelivery)
        {
            return Disposition.DeadLetter(DeadLetterReasons.HandlerFailed, description);
        }

        var copy = message.ForRetry(target);
        await _transport.DeadLetterAsync(copy, DeadLetterReasons.HandlerFailed, description, cancellationToken).ConfigureAwait(false);
        RecordDeadLetter(copy.WireName, copy.MessageId, DeadLetterReasons.HandlerFailed, description);
        return Disposition.Complete;
    }

    private ReadOnlyMemory<byte> SerializeWithinLimit<T>(MessageDescriptor<T> descriptor, T message)
    {
        var body = descriptor.Serialize(message);
        if (body.Length > _options.MaxMessageBytes)
        {
            throw new ArgumentException($"{descriptor.WireName} serializes to {body.Length} bytes, over the {_options.MaxMessageBytes}-byte limit.", nameof(message));
        }

        return body;
    }

    private void RecordDeadLetter(string wireName, Guid messageId, string reason, string description)
    {
        Telemetry.RecordDeadLettered(wireName, reason);
        LogDeadLettered(wireName, messageId, reason, description);
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "{Handler} failed on {WireName} {MessageId} (delivery {DeliveryCount}, delayed retry {RetryCount}).")]
    private partial void LogHandlerFailed(Exception exception, string handler, string wireName, Guid messageId, int deliveryCount, int retryCount);

    [LoggerMessage(Level = LogLevel.Error, Message = "Dead-lettered {WireName} {MessageId}: {Reason}: {Description}")]
    private partial void LogDeadLettered(string wireName, Guid messageId, string reason, string description);
}
