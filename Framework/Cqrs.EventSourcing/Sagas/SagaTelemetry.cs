using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace Cqrs.EventSourcing;

/// <summary>The saga span (<c>saga &lt;type&gt;</c>, inside the handler's span) and the saga counters. Thread-safe.</summary>
internal sealed class SagaTelemetry : IDisposable
{
    private static readonly ActivitySource Source = new(CqrsDiagnostics.ActivitySourceName);

    private readonly Meter _meter;
    private readonly Counter<long> _started;
    private readonly Counter<long> _completed;
    private readonly Counter<long> _timedOut;
    private readonly Counter<long> _timeoutsDropped;
    private readonly Counter<long> _notFound;
    private readonly Counter<long> _conflicts;
    private readonly Counter<long> _purged;

    public SagaTelemetry(IMeterFactory? meterFactory = null)
    {
        _meter = meterFactory?.Create(CqrsDiagnostics.MeterName) ?? new Meter(CqrsDiagnostics.MeterName);
        _started = _meter.CreateCounter<long>(SagaDiagnostics.SagasStarted, description: "Sagas started.");
        _completed = _meter.CreateCounter<long>(SagaDiagnostics.SagasCompleted, description: "Sagas completed.");
        _timedOut = _meter.CreateCounter<long>(SagaDiagnostics.SagasTimedOut, description: "Timeouts delivered to a running saga.");
        _timeoutsDropped = _meter.CreateCounter<long>(SagaDiagnostics.TimeoutsDropped, description: "Timeouts dropped: their saga had completed or did not exist.");
        _notFound = _meter.CreateCounter<long>(SagaDiagnostics.SagasNotFound, description: "Messages for a saga that does not exist or has completed.");
        _conflicts = _meter.CreateCounter<long>(SagaDiagnostics.SagaConflicts, description: "Messages handled again after losing a race for their saga.");
        _purged = _meter.CreateCounter<long>(SagaDiagnostics.SagasPurged, description: "Completed sagas deleted once past their retention.");
    }

    /// <summary>
    /// A span for one message's turn with a saga, when the trace it is in is recorded; null otherwise. A timeout's turn
    /// links where the span of its message does: to the trace that requested it (see <see cref="CurrentTraceParent"/>).
    /// </summary>
    public static Activity? Start(string sagaType, string sagaId, SagaStep step)
    {
        if (!Source.HasListeners() || Activity.Current is { Recorded: false })
        {
            return null;
        }

        var links = step == SagaStep.Timeout ? Activity.Current?.Links : null;
        var activity = Source.StartActivity("saga " + sagaType, ActivityKind.Internal, parentContext: default, links: links);
        activity?.SetTag(SagaDiagnostics.SagaTypeTag, sagaType);
        activity?.SetTag(SagaDiagnostics.SagaIdTag, sagaId);
        return activity;
    }

    /// <summary>The W3C <c>traceparent</c> of the current span when it is recorded, stored with a timeout for its handling to link to; null otherwise.</summary>
    public static string? CurrentTraceParent() =>
        Activity.Current is { Recorded: true } current
            ? $"00-{current.TraceId.ToHexString()}-{current.SpanId.ToHexString()}-{(int)current.ActivityTraceFlags:x2}"
            : null;

    public void Started(string sagaType) => _started.Add(1, Tag(sagaType));

    public void Completed(string sagaType) => _completed.Add(1, Tag(sagaType));

    public void TimedOut(string sagaType) => _timedOut.Add(1, Tag(sagaType));

    public void TimeoutDropped(string sagaType) => _timeoutsDropped.Add(1, Tag(sagaType));

    public void NotFound(string sagaType) => _notFound.Add(1, Tag(sagaType));

    public void Conflict(string sagaType) => _conflicts.Add(1, Tag(sagaType));

    public void Purged(int count) => _purged.Add(count);

    public void Dispose() => _meter.Dispose();

    private static KeyValuePair<string, object?> Tag(string sagaType) => new(SagaDiagnostics.SagaTypeTag, sagaType);
}
