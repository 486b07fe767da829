using System.Diagnostics;
using System.Diagnostics.Metrics;
using Cqrs.Pipeline;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Yielding;
using Cqrs.Tests.Shared;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry;
using OpenTelemetry.Trace;

namespace Cqrs.Tests.Diagnostics;

/// <summary>Spans through the OpenTelemetry SDK and an in-memory exporter.</summary>
[Collection(nameof(ProcessWideCollection))]
public sealed class TracingTests
{
    private const string ConversationIdTag = "messaging.message.conversation_id";

    /// <summary>What the SDK's in-memory exporter received; read only once every span has ended.</summary>
    private readonly List<Activity> _exported = [];

    /// <summary>Over Service Bus, the trace crosses the broker in the messages' <c>traceparent</c> property.</summary>
    [Theory]
    [InlineData("queue")]
    [InlineData("direct")]
    [InlineData("servicebus")]
    public async Task Send_WithEverySpanSampled_TracesOneTreeFromSendToEveryHandler(string transport)
    {
        using var tracing = StartTracing(new AlwaysOnSampler());
        await using var serviceBusHost = new ServiceBusTestHost();
        var correlationId = Guid.NewGuid();

        await SubmitOrderAndWaitAsync(
            transport == "servicebus" ? serviceBusHost.Create() : TestHost.Create(options => options.DirectDispatch = transport == "direct"), correlationId);

        var spans = _exported.Where(span => span.GetTagItem(ConversationIdTag) as string == correlationId.ToString()).ToList();
        var send = Assert.Single(spans, span => span.DisplayName == "send tests.v1.submit-order");
        var process = Assert.Single(spans, span => span.DisplayName == "process tests.v1.submit-order");
        var publish = Assert.Single(spans, span => span.DisplayName == "publish tests.v1.order-submitted");
        var handles = spans.Where(span => span.DisplayName == "handle tests.v1.order-submitted").ToList();
        Assert.Equal(5, spans.Count);
        Assert.All(spans, span => Assert.Equal(send.TraceId, span.TraceId));
        Assert.Equal((ActivityKind.Producer, default(ActivitySpanId)), (send.Kind, send.ParentSpanId));
        Assert.Equal((ActivityKind.Consumer, send.SpanId), (process.Kind, process.ParentSpanId));
        Assert.Equal(typeof(SubmitOrderHandler).FullName, process.GetTagItem(CqrsDiagnostics.HandlerTag));
        Assert.Equal((ActivityKind.Producer, process.SpanId), (publish.Kind, publish.ParentSpanId));
        Assert.All(handles, handle => Assert.Equal((ActivityKind.Internal, publish.SpanId), (handle.Kind, handle.ParentSpanId)));
        Assert.Equal(
            [typeof(NotifyCustomer).FullName, typeof(ReserveInventory).FullName],
            handles.Select(handle => handle.GetTagItem(CqrsDiagnostics.HandlerTag) as string).Order());
        Assert.All(spans, span => Assert.Equal(span.DisplayName.Split(' ')[1], span.GetTagItem(CqrsDiagnostics.MessageTypeTag)));
    }

    [Fact]
    public async Task Send_WithASampledSpan_LeavesTheCallersCurrentActivityAsItWas()
    {
        using var tracing = StartTracing(new AlwaysOnSampler());
        await using var provider = TestHost.Create();
        var bus = provider.GetRequiredService<ICommandBus>();
        var recorder = provider.GetRequiredService<Recorder>();
        using var request = new Activity("caller's request").SetIdFormat(ActivityIdFormat.W3C);
        request.ActivityTraceFlags = ActivityTraceFlags.Recorded;
        request.Start();

        var first = await bus.SendAsync(SampleOrders.Valid());
        var currentAfterSend = Activity.Current;
        request.Stop();
        var second = await bus.SendAsync(SampleOrders.Valid());
        var currentAfterRootSend = Activity.Current;
        await recorder.WaitForAsync<NotifyCustomer>(2);
        await provider.DisposeAsync();

        Assert.Same(request, currentAfterSend);
        Assert.Null(currentAfterRootSend);
        var sends = _exported.Where(span => span.DisplayName == "send tests.v1.submit-order").ToList();
        Assert.Equal(request.TraceId, Assert.Single(sends, span => span.GetTagItem(ConversationIdTag) as string == first.CorrelationId.ToString()).TraceId);
        Assert.Equal(default, Assert.Single(sends, span => span.GetTagItem(ConversationIdTag) as string == second.CorrelationId.ToString()).ParentSpanId);
    }

    [Fact]
    public async Task Send_WithNoTraceSampled_ExportsNoSpansAndStillHandles()
    {
        using var tracing = StartTracing(new TraceIdRatioBasedSampler(0));

        await SubmitOrderAndWaitAsync(TestHost.Create(), Guid.NewGuid());

        Assert.Empty(_exported);
    }

    /// <summary>With direct dispatch, an unsampled message goes to its handlers in line, and its trace with it.</summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Send_WithTheRootOnlyPropagated_StartsNoSpanAnywhere(bool direct)
    {
        var sampled = 0;
        var started = 0;
        using var listener = ListenToCqrsSpans(ActivitySamplingResult.PropagationData, onSample: () => sampled++, onStarted: () => started++);

        await SubmitOrderAndWaitAsync(TestHost.Create(options => options.DirectDispatch = direct), Guid.NewGuid());

        // The root is asked for once; every later hop follows its "not sampled" decision without asking.
        Assert.Equal((1, 0), (sampled, started));
    }

    /// <summary>
    /// Across the broker, the receiver follows the sender's decision through the message's <c>traceparent</c>, as a
    /// parent-based sampler in another service would: its own sampler, which would sample any other root, is never asked.
    /// </summary>
    [Fact]
    public async Task Send_OverServiceBusWithTheRootDropped_RecordsNoSpanWhereItIsReceived()
    {
        using var tracing = StartTracing(new ParentBasedSampler(new DroppingSendRoots()));
        await using var serviceBusHost = new ServiceBusTestHost();

        await SubmitOrderAndWaitAsync(serviceBusHost.Create(), Guid.NewGuid());

        Assert.Empty(_exported.Select(span => span.DisplayName));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Send_WithTheRootRecordedButNotSampled_StartsTheRootSpanOnly(bool direct)
    {
        var started = 0;
        using var listener = ListenToCqrsSpans(ActivitySamplingResult.AllData, onSample: () => { }, onStarted: () => started++);

        await SubmitOrderAndWaitAsync(TestHost.Create(options => options.DirectDispatch = direct), Guid.NewGuid());

        // Recorded, so started for the listeners; not sampled, so the later hops, which follow the sampled flag, start none.
        Assert.Equal(1, started);
    }

    /// <summary>Unsampled direct dispatch starts no activity, yet every message and handler call is still counted and timed.</summary>
    [Fact]
    public async Task DirectDispatch_WithEveryTraceDropped_StartsNoActivityAndRecordsEveryMetric()
    {
        const int Orders = 300;
        const string Command = "tests.v1.submit-order", Event = "tests.v1.order-submitted";
        var started = 0;
        using var listener = ListenToCqrsSpans(ActivitySamplingResult.PropagationData, onSample: () => { }, onStarted: () => Interlocked.Increment(ref started));
        using var meters = new RecordingMeterFactory();
        await using (var provider = TestHost.Create(options => options.DirectDispatch = true, services => services.AddSingleton<IMeterFactory>(meters)))
        {
            var bus = provider.GetRequiredService<ICommandBus>();
            for (var order = 0; order < Orders; order++)
            {
                await bus.SendAsync(SampleOrders.Valid());
            }

            await provider.GetRequiredService<Recorder>().WaitForAsync<NotifyCustomer>(Orders);
        }

        // The counts reach the counters when the container is disposed; durations are recorded one by one.
        Assert.Equal(0, started);
        Assert.Equal(
            [Orders, Orders, Orders, 2 * Orders, Orders, 2 * Orders],
            [
                Total(meters, CqrsDiagnostics.MessagesSent, Command),
                Total(meters, CqrsDiagnostics.MessagesSent, Event),
                Total(meters, CqrsDiagnostics.MessagesHandled, Command),
                Total(meters, CqrsDiagnostics.MessagesHandled, Event),
                meters.Of(CqrsDiagnostics.HandlerDuration, Command).Count,
                meters.Of(CqrsDiagnostics.HandlerDuration, Event).Count,
            ]);
    }

    [Fact]
    public async Task Send_AfterTheTransportStartedInsideAnotherTrace_StaysOutOfThatTrace()
    {
        using var tracing = StartTracing(new ParentBasedSampler(new AlwaysOffSampler()));
        var provider = TestHost.Create();
        using (var earlierRequest = new Activity("earlier request").SetIdFormat(ActivityIdFormat.W3C))
        {
            earlierRequest.ActivityTraceFlags = ActivityTraceFlags.Recorded;
            earlierRequest.Start();
            provider.GetRequiredService<MessagePipeline>().Start(); // as a first send inside that request would
        }

        await SubmitOrderAndWaitAsync(provider, Guid.NewGuid());

        Assert.Empty(_exported);
    }

    [Fact]
    public async Task HandlerSpan_HandlerCompletingLater_IsLeftOutOfTheNextMessagesOnTheWorker()
    {
        using var tracing = StartTracing(new ParentBasedSampler(new AlwaysOffSampler()));
        var provider = TestHost.Create(options => options.InProcess.Concurrency = 1);
        await using (provider)
        {
            var bus = provider.GetRequiredService<ICommandBus>();
            var recorder = provider.GetRequiredService<Recorder>();
            using (var tracedRequest = new Activity("traced request").SetIdFormat(ActivityIdFormat.W3C))
            {
                tracedRequest.ActivityTraceFlags = ActivityTraceFlags.Recorded;
                tracedRequest.Start();
                await bus.SendAsync(new YieldThenPublish(1));
            }

            await recorder.WaitForAsync<YieldedHandler>();
            var untraced = await bus.SendAsync(new YieldThenPublish(2));
            await recorder.WaitForAsync<YieldedHandler>(2);

            await provider.DisposeAsync();
            Assert.NotEmpty(_exported);
            Assert.DoesNotContain(_exported, span => span.GetTagItem(ConversationIdTag) as string == untraced.CorrelationId.ToString());
        }
    }

    /// <summary>Drops a root that is a send, samples any other.</summary>
    private sealed class DroppingSendRoots : Sampler
    {
        public override SamplingResult ShouldSample(in SamplingParameters samplingParameters) =>
            new(samplingParameters.Name.StartsWith("send ", StringComparison.Ordinal) ? SamplingDecision.Drop : SamplingDecision.RecordAndSample);
    }

    private static int Total(RecordingMeterFactory meters, string instrument, string messageType) =>
        (int)meters.Of(instrument, messageType).Sum(measurement => measurement.Value);

    private static ActivityListener ListenToCqrsSpans(ActivitySamplingResult decision, Action onSample, Action onStarted)
    {
        var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == CqrsDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) =>
            {
                onSample();
                return decision;
            },
            ActivityStarted = _ => onStarted(),
        };
        ActivitySource.AddActivityListener(listener);
        return listener;
    }

    private TracerProvider StartTracing(Sampler sampler) =>
        Sdk.CreateTracerProviderBuilder()
            .AddSource(CqrsDiagnostics.ActivitySourceName)
            .SetSampler(sampler)
            .AddInMemoryExporter(_exported)
            .Build();

    /// <summary>Sends an order, waits for both its event handlers, then disposes the container so every span has ended.</summary>
    internal static async Task SubmitOrderAndWaitAsync(ServiceProvider provider, Guid correlationId)
    {
        await using (provider)
        {
            var recorder = provider.GetRequiredService<Recorder>();
            await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid(), correlationId);
            await recorder.WaitForAsync<ReserveInventory>();
            await recorder.WaitForAsync<NotifyCustomer>();
        }
    }
}
