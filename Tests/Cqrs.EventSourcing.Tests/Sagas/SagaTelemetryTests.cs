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
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name is CqrsDiagnostics.ActivitySourceName or "tests.saga-telemetry",
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = spans.Enqueue,
        };
        ActivitySource.AddActivityListener(listener);
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
}
