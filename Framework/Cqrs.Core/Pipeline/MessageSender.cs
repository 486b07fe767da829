using System.Diagnostics;
using Cqrs.Diagnostics;
using Cqrs.Transports;
using FluentValidation.Results;
using Microsoft.Extensions.Options;

namespace Cqrs.Pipeline;

/// <summary>
/// The sending half of every hop: validates, serializes within the size limit, stamps headers and trace context, and
/// hands the message over: to the transport, or with direct dispatch to the <see cref="MessageDispatcher"/> in the
/// sender's call. Handlers reach it as their contexts' <see cref="IMessageEmitter"/>. Thread-safe; one per container.
/// </summary>
internal sealed partial class MessageSender : IMessageEmitter
{
    private readonly MessageCatalog _catalog;
    private readonly ITransport _transport;
    private readonly MessageDispatcher _dispatcher;
    private readonly CqrsTelemetry _telemetry;
    private readonly CqrsOptions _options;
    private readonly TimeProvider _clock;
    private readonly bool _coarseStamps;

    /// <exception cref="OptionsValidationException">Direct dispatch is set with a transport that delivers elsewhere.</exception>
    public MessageSender(
        MessageCatalog catalog, ITransport transport, MessageDispatcher dispatcher, CqrsTelemetry telemetry, IOptions<CqrsOptions> options, TimeProvider clock)
    {
        _catalog = catalog;
        _transport = transport;
        _dispatcher = dispatcher;
        _telemetry = telemetry;
        _options = options.Value;
        _clock = clock;
        _coarseStamps = _options.DirectDispatch && clock == TimeProvider.System;
        BeforeHandlers = new SendPosition(this);
        if (_options.DirectDispatch && !transport.HandlesLocallyOnly)
        {
            throw new OptionsValidationException(nameof(CqrsOptions), typeof(CqrsOptions), [$"{nameof(CqrsOptions.DirectDispatch)} works only with the in-process transport."]);
        }
    }

    /// <summary>
    /// A new message id with its send time. Direct dispatch reads the time from <see cref="CoarseClock"/>: its messages
    /// are handled in the sender's call, with no queue whose lag a precise time would measure. A clock of the app's own
    /// (a test's fake one) is read as it is.
    /// </summary>
    public MessageStamp NextStamp() => _coarseStamps ? MessageIds.NextCoarse() : MessageIds.Next(_clock);

    /// <summary>The position this sender's contexts start at, before any handler's call: it gives random ids.</summary>
    public SendPosition BeforeHandlers { get; }

    public ValueTask EmitAsync<T>(T message, MessageContext cause, SendPosition position, CancellationToken cancellationToken) =>
        SendAsync(message, StampFor(cause, position), cause.CorrelationId, cause, cancellationToken);

    /// <summary>
    /// The id <paramref name="position"/> gives, computed when first read (see <see cref="MessageStamp"/>), with the time
    /// read as <see cref="NextStamp"/> reads it.
    /// </summary>
    private MessageStamp StampFor(MessageContext cause, SendPosition position) =>
        position.Handler is not null
            ? MessageStamp.Stable(position, cause.MessageId, _coarseStamps ? CoarseClock.System.UtcNow : _clock.GetUtcNow())
            : NextStamp();

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

    /// <summary>
    /// Publishes an event read back from an event store's outbox. It keeps the ids and body it was stored with,
    /// so a consumer's inbox recognises a second publication of it. <paramref name="validated"/> says this
    /// process's pipeline validated it before storing it: only then may its receiver skip validation, and only then is
    /// it dispatched directly as an object; <paramref name="cause"/> is the handler call that stored it, if any.
    /// <paramref name="delivery"/> says when every copy of it is settled, so that the outbox marks it published only then,
    /// and gives the ordering key used when the type names none (an aggregate's stream).
    /// </summary>
    /// <exception cref="NotSupportedException">The message is to be delivered later and the transport does not schedule durably.</exception>
    public ValueTask PublishStoredAsync(MessageDescriptor descriptor, StoredMessage stored, StoredDelivery delivery, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        if (delivery.DeliverAt is not null && !_transport.SchedulesDurably)
        {
            throw new NotSupportedException($"The {_transport.Name} transport does not schedule messages durably: {stored.WireName} {stored.MessageId} cannot be handed over to be delivered later.");
        }

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
            Payload = _options.DirectDispatch && validated ? descriptor.DeserializeObject(stored.Body) : null,
            Stored = delivery,
            OrderingKey = descriptor.OrderingKeyOf(stored.Body) ?? delivery.OrderingKey,
        };
        return HandOverInSpanAsync(descriptor, outgoing, causeContext, cancellationToken);
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
    /// Hands a valid message over: with direct dispatch within the hop limit, to its handlers in line, as it is, unless
    /// its trace is sampled (a span to record goes with a transport message); else as a transport message.
    /// </summary>
    private ValueTask SendValid<T>(MessageDescriptor<T> descriptor, T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken)
    {
        if (!_options.DirectDispatch || cause?.InlineDepth >= TransportMessage.MaxInlineDepth)
        {
            return HandOverInSpanAsync(descriptor, Outgoing(descriptor, message, stamp, correlationId, cause), cause, cancellationToken);
        }

        if (!CqrsTelemetry.Source.HasListeners())
        {
            return HandInLine(descriptor, InlineDelivery.Rent(BeforeHandlers, descriptor.WireName, message!, stamp, correlationId, cause, trace: null), message, cancellationToken);
        }

        var caller = Activity.Current;
        var span = SampleSend(descriptor, cause, caller, MessageRoute.InLine, out var trace);
        return span is null
            ? HandInLine(descriptor, InlineDelivery.Rent(BeforeHandlers, descriptor.WireName, message!, stamp, correlationId, cause, trace), message, cancellationToken)
            : HandOverInSpan(descriptor, Outgoing(descriptor, message, stamp, correlationId, cause), cause, caller, span, cancellationToken);
    }

    /// <summary>Handles the message in line; a delivery whose handling completed at once is no one's any more, and is handed out again.</summary>
    private ValueTask HandInLine<T>(MessageDescriptor<T> descriptor, InlineDelivery delivery, T message, CancellationToken cancellationToken)
    {
        var handling = _dispatcher.HandleInLineAsync(_catalog.InvokerOf(descriptor), delivery, message, cancellationToken);
        if (handling.IsCompletedSuccessfully)
        {
            delivery.Return();
        }

        return RecordSentOnceDone(descriptor, handling);
    }

    /// <summary>Decides the trace of a message sent now, under its cause's (see <see cref="CqrsTelemetry.SampleSend"/>).</summary>
    private static Activity? SampleSend(MessageDescriptor descriptor, MessageContext? cause, Activity? caller, MessageRoute route, out ActivityContext trace) =>
        cause is null
            ? CqrsTelemetry.SampleSend(descriptor.Telemetry, default, causeUnsampled: false, caller, route, out trace)
            : CqrsTelemetry.SampleSend(descriptor.Telemetry, cause.TraceContext, cause.Unsampled, caller, route, out trace);

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
        OrderingKey = descriptor.OrderingKeyOf(message),
    };

    private ReadOnlyMemory<byte> SerializeWithinLimit<T>(MessageDescriptor<T> descriptor, T message)
    {
        var body = descriptor.Serialize(message);
        if (body.Length > _options.MaxMessageBytes)
        {
            throw new ArgumentException($"{descriptor.WireName} serializes to {body.Length} bytes, over the {_options.MaxMessageBytes}-byte limit.", nameof(message));
        }

        return body;
    }

    /// <summary>
    /// Hands a message over, in a send span when its trace is sampled. Without a span there is nothing to end, so a
    /// hand-over that completes at once needs no async state machine.
    /// </summary>
    private ValueTask HandOverInSpanAsync(MessageDescriptor descriptor, TransportMessage outgoing, MessageContext? cause, CancellationToken cancellationToken)
    {
        if (CqrsTelemetry.Source.HasListeners())
        {
            var caller = Activity.Current;
            var span = SampleSend(descriptor, cause, caller, RouteOf(outgoing), out var trace);
            if (span is not null)
            {
                return HandOverInSpan(descriptor, outgoing, cause, caller, span, cancellationToken);
            }

            outgoing.TraceContext = trace;
            outgoing.Unsampled = trace == default;
        }

        return RecordSentOnceDone(descriptor, HandOverAsync(descriptor, outgoing, cause, cancellationToken));
    }

    private ValueTask HandOverInSpan(
        MessageDescriptor descriptor, TransportMessage outgoing, MessageContext? cause, Activity? caller, Activity span, CancellationToken cancellationToken)
    {
        CqrsTelemetry.StartSend(span, outgoing, _transport.Name);
        var handing = HandOverThenEndSpanAsync(span, descriptor, outgoing, cause, cancellationToken);

        // The span goes on in the hand-over. Starting it made it the current activity, here, outside any async method
        // that would undo that on return: the caller gets its own back, or its next sends would nest.
        Activity.Current = caller;
        return handing;
    }

    private async ValueTask HandOverThenEndSpanAsync(
        Activity activity, MessageDescriptor descriptor, TransportMessage outgoing, MessageContext? cause, CancellationToken cancellationToken)
    {
        using (activity)
        {
            await HandOverAsync(descriptor, outgoing, cause, cancellationToken).ConfigureAwait(false);
            _telemetry.RecordSent(descriptor.Telemetry);
        }
    }

    /// <summary>To the handlers now, or to the transport (see <see cref="RouteOf"/>).</summary>
    private ValueTask HandOverAsync(MessageDescriptor descriptor, TransportMessage outgoing, MessageContext? cause, CancellationToken cancellationToken) =>
        RouteOf(outgoing) == MessageRoute.InLine
            ? _dispatcher.DispatchInlineAsync(_catalog.InvokerOf(descriptor), new DeliveryContext(BeforeHandlers, outgoing), cancellationToken)
            : _transport.SendAsync(outgoing, cause?.Delivery, cancellationToken);

    /// <summary>Where a message handed over now goes: to its handlers in line (direct dispatch, within the hop limit), or to the transport.</summary>
    private MessageRoute RouteOf(TransportMessage outgoing) =>
        _options.DirectDispatch && outgoing.InlineDepth <= TransportMessage.MaxInlineDepth ? MessageRoute.InLine
        : _transport.HandlesLocallyOnly ? MessageRoute.InProcess
        : MessageRoute.OutOfProcess;

    /// <summary>Counts the message as sent once the hand-over is done; one that is done at once needs no async state machine.</summary>
    private ValueTask RecordSentOnceDone(MessageDescriptor descriptor, ValueTask handing)
    {
        if (!handing.IsCompletedSuccessfully)
        {
            return RecordSentAfterAsync(descriptor, handing);
        }

        handing.GetAwaiter().GetResult();
        _telemetry.RecordSent(descriptor.Telemetry);
        return ValueTask.CompletedTask;
    }

    private async ValueTask RecordSentAfterAsync(MessageDescriptor descriptor, ValueTask handing)
    {
        await handing.ConfigureAwait(false);
        _telemetry.RecordSent(descriptor.Telemetry);
    }
}
