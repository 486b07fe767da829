using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using Cqrs.EventSourcing.InMemory;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Sagas;

public sealed class SagaTelemetryTests
{
    [Fact]
    public async Task SagaTurn_Traced_IsASpanWithTheSagaTypeAndIdInsideItsMessagesHandlerSpan()
    {
        var sagaId = $"t-{Guid.NewGuid():N}";
        var spans = new ConcurrentQueue<Activity>();
        using var listener = Record(spans);
        using var host = SagaHost.Create(StoreSet.InMemory(), new TallyLog());
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
    public async Task FiredTimeout_SagaSpan_StartsATraceOfItsOwnLinkedToTheRequestingTrace()
    {
        var sagaId = $"t-{Guid.NewGuid():N}";
        var spans = new ConcurrentQueue<Activity>();
        using var listener = Record(spans);
        var log = new TallyLog();
        using var host = SagaHost.Create(StoreSet.InMemory(), log);
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

    [Fact]
    public async Task SagaHandlers_InSpansAndMetrics_GoByTheWireNamesOfTheSagaAndTheMessage()
    {
        var sagaId = $"t-{Guid.NewGuid():N}";
        var spans = new ConcurrentQueue<Activity>();
        using var listener = Record(spans);
        var handled = new ConcurrentQueue<(string? MessageType, string? Handler)>();
        var host = SagaHost.Create(StoreSet.InMemory(), new TallyLog());
        using var meters = ListenToHandledCounts(host.Services, handled);
        using (host)
        {
            await host.Services.GetRequiredService<ICommandBus>().SendAsync(new OpenTally(sagaId));
            await host.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped(sagaId, 5));
        }

        var handlerSpans = spans
            .Where(span => span.OperationName == "saga tests.tally" && Equals(span.GetTagItem(SagaDiagnostics.SagaIdTag), sagaId))
            .Select(saga => spans.Single(span => span.SpanId == saga.ParentSpanId))
            .ToDictionary(span => span.OperationName, span => span.GetTagItem(CqrsDiagnostics.HandlerTag));
        Assert.Equal("tests.tally/tests.open-tally", handlerSpans["process tests.open-tally"]);
        Assert.Equal("tests.tally/tests.tally-bumped", handlerSpans["handle tests.tally-bumped"]);
        Assert.Contains(("tests.tally-bumped", "tests.tally/tests.tally-bumped"), handled);
        Assert.Contains(("tests.open-tally", "tests.tally/tests.open-tally"), handled);
    }

    [Fact]
    public void SagaEventHandler_WithASubscriptionOfItsOwn_IsRoutedUnderTheNameItGoesBy()
    {
        using var host = SagaHost.Create(StoreSet.InMemory(), new TallyLog());

        var handler = Assert.IsAssignableFrom<INamedHandler>(Assert.Single(host.Services.GetServices<IEventHandler<TallyBumped>>()));
        var route = Assert.Single(host.Services.GetRequiredService<Transports.IMessageDirectory>().EventHandlerRoutes(), route => route.WireNames.Contains("tests.tally-bumped"));
        Assert.Equal(("tests.tally/tests.tally-bumped", "tests.tally/tests.tally-bumped"), (handler.HandlerName, route.Handler));
        Assert.Equal(["tests.tally-bumped"], route.WireNames);
    }

    /// <summary>The message type and handler tags of each <c>cqrs.messages.handled</c> measurement of the container's own meter.</summary>
    private static MeterListener ListenToHandledCounts(IServiceProvider services, ConcurrentQueue<(string? MessageType, string? Handler)> handled)
    {
        var factory = services.GetRequiredService<IMeterFactory>();
        var listener = new MeterListener
        {
            InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Scope == factory && instrument.Name == CqrsDiagnostics.MessagesHandled)
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<long>((_, _, tags, _) =>
            handled.Enqueue((Tag(tags, CqrsDiagnostics.MessageTypeTag), Tag(tags, CqrsDiagnostics.HandlerTag))));
        listener.Start();
        return listener;
    }

    private static string? Tag(ReadOnlySpan<KeyValuePair<string, object?>> tags, string key)
    {
        foreach (var tag in tags)
        {
            if (tag.Key == key)
            {
                return tag.Value as string;
            }
        }

        return null;
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
