using System.Diagnostics;
using System.Diagnostics.Metrics;
using Cqrs.Transports;

namespace Cqrs.Diagnostics;

/// <summary>
/// Spans and metrics of every hop. With no listener, each call costs a flag check: no Activity, no tags,
/// no allocation. Thread-safe.
/// </summary>
internal sealed class CqrsTelemetry : IAsyncDisposable, IDisposable
{
    internal static readonly ActivitySource Source = new(CqrsDiagnostics.ActivitySourceName, "1.0.0");

    /// <summary>
    /// Bucket bounds for the histograms in seconds, advised to SDKs. OpenTelemetry's default bounds (0, 5, 10, 25, ...)
    /// are made for milliseconds: every handler duration and every lag under 5 s would share one bucket. These follow
    /// the semantic conventions' bounds for durations in seconds, with finer ones below 5 ms (in-process handlers run
    /// in microseconds) and coarser ones past 10 s (a backlog's lag).
    /// </summary>
    private static readonly InstrumentAdvice<double> SecondsBuckets = new()
    {
        HistogramBucketBoundaries = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60, 300],
    };

    private readonly Meter _meter;
    private readonly bool _ownsMeter;
    private readonly CountedMessages _counted;
    private readonly Counter<long> _failed;
    private readonly Counter<long> _retried;
    private readonly Counter<long> _deadLettered;
    private readonly Histogram<double> _duration;
    private readonly Histogram<double> _lag;
    private readonly TimeProvider _clock;

    public CqrsTelemetry(IMeterFactory? meterFactory = null, TimeProvider? clock = null)
    {
        _clock = clock ?? TimeProvider.System;
        _ownsMeter = meterFactory is null;
        _meter = meterFactory?.Create(CqrsDiagnostics.MeterName) ?? new Meter(CqrsDiagnostics.MeterName);
        _counted = new CountedMessages(_meter);
        _failed = _meter.CreateCounter<long>(CqrsDiagnostics.MessagesFailed, "{message}", "Handler invocations that threw.");
        _retried = _meter.CreateCounter<long>(CqrsDiagnostics.MessagesRetried, "{message}", "Delayed retries scheduled.");
        _deadLettered = _meter.CreateCounter<long>(CqrsDiagnostics.MessagesDeadLettered, "{message}", "Messages dead-lettered.");
        _duration = _meter.CreateHistogram(CqrsDiagnostics.HandlerDuration, "s", "How long a handler ran.", tags: null, SecondsBuckets);
        _lag = _meter.CreateHistogram(CqrsDiagnostics.MessageLag, "s", "From enqueue to the start of handling.", tags: null, SecondsBuckets);
    }

    /// <summary>What is recorded of one message type, kept by the caller for every record of that type.</summary>
    public MessageTelemetry Describe(string wireName, MessageKind kind)
    {
        var message = new MessageTelemetry(wireName, kind);
        _counted.Add(message);
        return message;
    }

    /// <summary>A start timestamp for <see cref="RecordHandled"/>; no clock read when nobody listens to durations.</summary>
    public long StartTiming() => _duration.Enabled ? Stopwatch.GetTimestamp() : 0;

    /// <summary>
    /// Decides the trace of a message sent now. The upstream sampling decision (the W3C sampled flag) is followed, as
    /// OpenTelemetry's default ParentBased sampler does: under an unsampled parent no span is created at all, which keeps
    /// unsampled traffic nearly free. A span that the listeners want only propagated (a root the sampler drops) is
    /// created, for that is the only way to ask their sampler, but never started: starting it would make it the current
    /// activity, and then the caller's again, for nothing to record. Returns the send span, created and not started, when
    /// the trace is sampled (see <see cref="StartSend"/>); else null, with the trace the message carries on, unsampled, so
    /// no later hop records it either. What an unsampled message carries depends on its <paramref name="route"/>: in line,
    /// nothing (a default <paramref name="trace"/>, which the delivery marks unsampled itself), so its trace is never read;
    /// out of the process, a valid W3C context, so the receiving process continues the same trace, unsampled, rather than
    /// ignoring a parent with no span id and asking its sampler about a new root. Call it only when <see cref="Source"/>
    /// has listeners; <paramref name="current"/> is the caller's current activity; <paramref name="causeTrace"/> and
    /// <paramref name="causeUnsampled"/> are those of the delivery whose handler sends it.
    /// </summary>
    public static Activity? SampleSend(
        MessageTelemetry message, ActivityContext causeTrace, bool causeUnsampled, Activity? current, MessageRoute route, out ActivityContext trace)
    {
        var parent = current?.Context ?? causeTrace;
        if (causeUnsampled || IsUnsampled(parent))
        {
            trace = route == MessageRoute.InLine ? default : parent;
            return null;
        }

        var activity = Source.CreateActivity(message.SendSpanName, ActivityKind.Producer, parent);
        if (activity is { IsAllDataRequested: true })
        {
            trace = default;
            return activity;
        }

        trace = activity is null ? parent : UnsampledRootTrace(activity, route);
        return null;
    }

    /// <summary>Starts a send span <see cref="SampleSend"/> returned and stamps the message with its context.</summary>
    public static void StartSend(Activity activity, TransportMessage message, string transportName)
    {
        activity.Start();
        message.TraceContext = activity.Context;
        AddMessageTags(activity, message, transportName);
    }

    /// <summary>
    /// Starts a receiving span: a command's process span (a request) or one event handler's span (a dependency), linked
    /// to the message's <see cref="TransportMessage.LinkedTrace"/> when it has one; null when the listeners want none.
    /// Call it only when <see cref="MayStartReceive"/> says so.
    /// </summary>
    public static Activity? StartReceive(MessageTelemetry type, TransportMessage message, object handler, string transportName)
    {
        var kind = type.Kind == MessageKind.Command ? ActivityKind.Consumer : ActivityKind.Internal;
        var activity = message.LinkedTrace == default
            ? Source.StartActivity(type.ReceiveSpanName, kind, message.TraceContext)
            : Source.StartActivity(type.ReceiveSpanName, kind, message.TraceContext, links: [new ActivityLink(message.LinkedTrace)]);
        if (activity is { IsAllDataRequested: true })
        {
            AddMessageTags(activity, message, transportName);
            activity.SetTag(CqrsDiagnostics.HandlerTag, HandlerNames.Of(handler));
        }

        return activity;
    }

    /// <summary>
    /// Whether a receiving span may be started for a delivery (<see cref="StartReceive"/>) that someone listens to: its
    /// trace is not one known to be unsampled (<paramref name="unsampled"/>, or a <paramref name="trace"/> not sampled).
    /// When not, a handler is called as with no listener at all. Ask <see cref="Source"/> first: with no listener, the
    /// delivery's trace need not be read.
    /// </summary>
    public static bool MayStartReceive(ActivityContext trace, bool unsampled) => !unsampled && !IsUnsampled(trace);

    public void RecordSent(MessageTelemetry message) => _counted.CountSent(message);

    /// <summary>
    /// Records the delivery's lag, enqueued to handled, and returns the clock reading taken for it, which also starts its
    /// first handler's duration; 0 when nobody listens to either.
    /// </summary>
    public long RecordLag(MessageTelemetry message, DateTimeOffset enqueuedTime)
    {
        if (!_lag.Enabled)
        {
            return StartTiming();
        }

        var now = Stopwatch.GetTimestamp();
        var utcNow = _clock == TimeProvider.System ? PreciseClock.UtcAt(now) : _clock.GetUtcNow();
        _lag.Record((utcNow - enqueuedTime).TotalSeconds, message.TypeTag);
        return now;
    }

    /// <summary>
    /// Counts a successful handler call and records its duration under the tags its count keeps; returns the clock reading
    /// that ended it (0: none taken).
    /// </summary>
    public long RecordHandled(MessageTelemetry message, object handler, long started)
    {
        var handled = _counted.CountHandled(message, handler);
        if (!_duration.Enabled)
        {
            return 0;
        }

        var ended = Stopwatch.GetTimestamp();
        _duration.Record(Stopwatch.GetElapsedTime(started, ended).TotalSeconds, (handled ?? message.Counts.Of(handler)).Tags);
        return ended;
    }

    public void RecordFailed(string wireName, string handlerName, Exception exception, Activity? activity)
    {
        _failed.Add(
            1,
            new KeyValuePair<string, object?>(CqrsDiagnostics.MessageTypeTag, wireName),
            new KeyValuePair<string, object?>(CqrsDiagnostics.HandlerTag, handlerName),
            new KeyValuePair<string, object?>(CqrsDiagnostics.ExceptionTypeTag, exception.GetType().FullName));
        activity?.AddException(exception);
        activity?.SetStatus(ActivityStatusCode.Error, exception.Message);
    }

    public void RecordRetried(string wireName) =>
        _retried.Add(1, new KeyValuePair<string, object?>(CqrsDiagnostics.MessageTypeTag, wireName));

    public void RecordDeadLettered(string wireName, string reason) =>
        _deadLettered.Add(
            1,
            new KeyValuePair<string, object?>(CqrsDiagnostics.MessageTypeTag, wireName),
            new KeyValuePair<string, object?>(CqrsDiagnostics.ReasonTag, reason));

    public async ValueTask DisposeAsync()
    {
        await _counted.DisposeAsync().ConfigureAwait(false);
        DisposeMeter();
    }

    public void Dispose()
    {
        _counted.Dispose();
        DisposeMeter();
    }

    private void DisposeMeter()
    {
        if (_ownsMeter)
        {
            _meter.Dispose();
        }
    }

    /// <summary>
    /// The trace a message carries whose root the sampler dropped: the sampler's activity was created, never started, so
    /// it has a trace id and no span id. A W3C <c>traceparent</c> with an all-zero parent id is invalid, and receivers
    /// ignore it; so a message that leaves the process gets a span id of its own, as an unrecorded span would have.
    /// </summary>
    private static ActivityContext UnsampledRootTrace(Activity activity, MessageRoute route) => route switch
    {
        MessageRoute.InLine => default,
        MessageRoute.InProcess => activity.Context,
        _ => new ActivityContext(activity.TraceId, ActivitySpanId.CreateRandom(), activity.ActivityTraceFlags, activity.TraceStateString),
    };

    /// <summary>A real parent whose trace was not sampled.</summary>
    private static bool IsUnsampled(ActivityContext context) =>
        context != default && (context.TraceFlags & ActivityTraceFlags.Recorded) == 0;

    private static void AddMessageTags(Activity activity, TransportMessage message, string transportName)
    {
        activity.SetTag("messaging.system", transportName);
        activity.SetTag("messaging.message.id", message.MessageId.ToString());
        activity.SetTag("messaging.message.conversation_id", message.CorrelationId.ToString());
        activity.SetTag(CqrsDiagnostics.MessageTypeTag, message.WireName);
    }
}
