using System.Collections.Concurrent;
using System.Diagnostics;
using Cqrs.EventSourcing.InMemory;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Sagas;

public sealed class SagaTelemetryTests
{
    [Fact]
    public async Task A_saga_turn_is_a_span_with_the_saga_type_and_id_inside_the_handler_span_of_its_message()
    {
        var sagaId = $"t-{Guid.NewGuid():N}";
        var spans = new ConcurrentQueue<Activity>();
        using var listener = Record(spans);
        using var host = SagaHost.Create(new InMemoryEventStore(), new TallyLog());
        using var source = new ActivitySource("tests.saga-telemetry");
        ActivityTraceId traceId;

        using (var request = source.StartActivity("request"))
        {
            traceId = request!.TraceId;
            await host.Services.GetRequiredService<ICommandBus>().SendAsync(new OpenTally(sagaId));
        }

        var saga = Assert.Single(spans, span => span.OperationName == "saga tests.tally" && Equals(span.GetTagItem(SagaDiagnostics.SagaIdTag), sagaId));
        Assert.Equal("tests.tally", saga.GetTagItem(SagaDiagnostics.SagaTypeTag));
        Assert.Equal(traceId, saga.TraceId);
        var parent = Assert.Single(spans, span => span.SpanId == saga.ParentSpanId);
        Assert.Equal("process tests.open-tally", parent.OperationName);
    }

    [Fact]
    public async Task A_fired_timeouts_saga_span_starts_a_trace_of_its_own_linked_to_the_trace_that_requested_it()
    {
        var sagaId = $"t-{Guid.NewGuid():N}";
        var spans = new ConcurrentQueue<Activity>();
        using var listener = Record(spans);
        var log = new TallyLog();
        using var host = SagaHost.Create(new InMemoryEventStore(), log);
        using var source = new ActivitySource("tests.saga-telemetry");
        ActivityTraceId requestedIn;

        using (var request = source.StartActivity("request"))
        {
            requestedIn = request!.TraceId;
            var commands = host.Services.GetRequiredService<ICommandBus>();
            await commands.SendAsync(new OpenTally(sagaId));
            await commands.SendAsync(new ArmTally(sagaId));
        }

        // The scheduler fires the timeout, outside any trace.
        await host.StartAsync();
        Assert.Equal(-1, await log.ClosedAsync(sagaId));
        await host.StopAsync();

        var timedOut = Assert.Single(spans, span => span.OperationName == "saga tests.tally" && Equals(span.GetTagItem(SagaDiagnostics.SagaIdTag), sagaId)
            && spans.Any(parent => parent.SpanId == span.ParentSpanId && parent.OperationName == "process tests.tally-expired"));
        Assert.NotEqual(requestedIn, timedOut.TraceId);
        var link = Assert.Single(timedOut.Links);
        Assert.Equal(requestedIn, link.Context.TraceId);
        var requesting = Assert.Single(spans, span => span.SpanId == link.Context.SpanId);
        Assert.Equal("saga tests.tally", requesting.OperationName);
    }

    /// <summary>Records every span of the framework and of this test's own source, all sampled, as they stop.</summary>
    private static ActivityListener Record(ConcurrentQueue<Activity> spans)
    {
        var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name is CqrsDiagnostics.ActivitySourceName or "tests.saga-telemetry",
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = spans.Enqueue,
        };
        ActivitySource.AddActivityListener(listener);
        return listener;
    }
}
