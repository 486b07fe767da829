using System.Diagnostics.Metrics;
using System.Runtime.CompilerServices;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.Tests.Diagnostics;

/// <summary>Metrics of every hop, heard through a <see cref="MeterListener"/> on the container's own meter.</summary>
public sealed class MetricsTests : IDisposable
{
    private const string Command = "tests.v1.submit-order";
    private const string Event = "tests.v1.order-submitted";

    private readonly RecordingMeterFactory _meters = new();

    [Fact]
    public async Task Send_RecordsSentHandledDurationAndLagPerMessageType()
    {
        await using (var provider = CreateProvider())
        {
            var recorder = provider.GetRequiredService<Recorder>();
            await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
            await recorder.WaitForAsync<ReserveInventory>();
            await recorder.WaitForAsync<NotifyCustomer>();
        }

        Assert.Equal([1, 1], [Total(CqrsDiagnostics.MessagesSent, Command), Total(CqrsDiagnostics.MessagesSent, Event)]);
        Assert.Equal([1, 2], [Total(CqrsDiagnostics.MessagesHandled, Command), Total(CqrsDiagnostics.MessagesHandled, Event)]);
        Assert.Equal(
            [typeof(NotifyCustomer).FullName, typeof(ReserveInventory).FullName],
            _meters.Of(CqrsDiagnostics.MessagesHandled, Event).Select(handled => handled.Tags[CqrsDiagnostics.HandlerTag] as string).Order());
        Assert.Equal(typeof(SubmitOrderHandler).FullName, Assert.Single(_meters.Of(CqrsDiagnostics.HandlerDuration, Command)).Tags[CqrsDiagnostics.HandlerTag]);
        Assert.Equal(
            [typeof(NotifyCustomer).FullName, typeof(ReserveInventory).FullName],
            _meters.Of(CqrsDiagnostics.HandlerDuration, Event).Select(duration => duration.Tags[CqrsDiagnostics.HandlerTag] as string).Order());
        Assert.Single(_meters.Of(CqrsDiagnostics.MessageLag, Command));
        Assert.Single(_meters.Of(CqrsDiagnostics.MessageLag, Event));
        Assert.All(
            [.. _meters.Of(CqrsDiagnostics.HandlerDuration), .. _meters.Of(CqrsDiagnostics.MessageLag)],
            seconds => Assert.InRange(seconds.Value, 0, Patience.Timeout.TotalSeconds));
        Assert.Empty(_meters.Of(CqrsDiagnostics.MessagesFailed));
        Assert.Empty(_meters.Of(CqrsDiagnostics.MessagesDeadLettered));
    }

    /// <summary>A handler's tags are kept with its count; with nobody counting, its durations still carry them.</summary>
    [Fact]
    public async Task Duration_WithNobodyCountingHandlerCalls_CarriesTheTypeAndHandler()
    {
        using var durations = new RecordingMeterFactory(instrument => instrument == CqrsDiagnostics.HandlerDuration);
        await using (var provider = TestHost.Create(configure: null, services => services.AddSingleton<IMeterFactory>(durations)))
        {
            await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
            await provider.GetRequiredService<Recorder>().WaitForAsync<NotifyCustomer>();
            await provider.GetRequiredService<Recorder>().WaitForAsync<ReserveInventory>();
        }

        Assert.Empty(durations.Of(CqrsDiagnostics.MessagesHandled));
        Assert.Equal(
            [typeof(NotifyCustomer).FullName, typeof(ReserveInventory).FullName],
            durations.Of(CqrsDiagnostics.HandlerDuration, Event).Select(duration => duration.Tags[CqrsDiagnostics.HandlerTag] as string).Order());
    }

    [Fact]
    public async Task Lag_WithTheContainersClock_IsReadFromIt()
    {
        var now = new DateTimeOffset(2001, 2, 3, 4, 5, 6, TimeSpan.Zero);
        await using (var provider = TestHost.Create(configure: null, services => services.AddSingleton<IMeterFactory>(_meters).AddSingleton<TimeProvider>(new FakeTimeProvider(now))))
        {
            await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
            await provider.GetRequiredService<Recorder>().WaitForAsync<NotifyCustomer>();
        }

        // Enqueued and handled at the same time by that clock.
        Assert.Equal([0d, 0d], [.. _meters.Of(CqrsDiagnostics.MessageLag).Select(lag => lag.Value)]);
    }

    [Fact]
    public async Task Counters_WhileTheContainerRuns_CountSendsAndHandlerCalls()
    {
        await using var provider = CreateProvider();

        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());

        // Counted per message, added to the counters about once a second: no disposal here to add them.
        await WaitForTotalAsync(CqrsDiagnostics.MessagesHandled, Event, 2);
        Assert.Equal([1, 1], [Total(CqrsDiagnostics.MessagesSent, Command), Total(CqrsDiagnostics.MessagesSent, Event)]);
        Assert.Equal(1, Total(CqrsDiagnostics.MessagesHandled, Command));
    }

    [Fact]
    public async Task Counters_SendsFromSeveralTasksAtOnce_CountThemAll()
    {
        const int Tasks = 4, OrdersPerTask = 250, Orders = Tasks * OrdersPerTask;
        await using (var provider = CreateProvider())
        {
            var bus = provider.GetRequiredService<ICommandBus>();
            await Task.WhenAll(Enumerable.Range(0, Tasks).Select(_ => Task.Run(async () =>
            {
                for (var order = 0; order < OrdersPerTask; order++)
                {
                    await bus.SendAsync(SampleOrders.Valid());
                }
            })));
            await provider.GetRequiredService<Recorder>().WaitForAsync<NotifyCustomer>(Orders);
        }

        Assert.Equal([Orders, Orders], [Total(CqrsDiagnostics.MessagesSent, Command), Total(CqrsDiagnostics.MessagesSent, Event)]);
        Assert.Equal([Orders, 2 * Orders], [Total(CqrsDiagnostics.MessagesHandled, Command), Total(CqrsDiagnostics.MessagesHandled, Event)]);
    }

    [Fact]
    public async Task Container_DroppedUndisposedAfterCounting_IsStillCollected()
    {
        var dropped = SendOneOrderInAContainerLeftUndisposed();

        // The counters' timer, started by the first count, must not keep the container (and its handlers) alive.
        for (var attempt = 0; attempt < 20 && dropped.IsAlive; attempt++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            await Task.Delay(TimeSpan.FromMilliseconds(50));
        }

        Assert.False(dropped.IsAlive, "The container is still reachable after it was dropped.");
    }

    [Fact]
    public async Task FailingHandler_RecordsEachFailureTheRetryAndTheDeadLetter()
    {
        const string Flaky = "tests.v1.flaky-command";
        await using (var provider = CreateProvider(options =>
        {
            options.Retry.ImmediateRetries = 1;
            options.Retry.Delays = [TimeSpan.FromMilliseconds(10)];
        }))
        {
            var recorder = provider.GetRequiredService<Recorder>();
            await provider.GetRequiredService<ICommandBus>().SendAsync(new FlakyCommand(Guid.NewGuid(), int.MaxValue));
            await recorder.WaitForAsync<FlakyCommandHandler>(4);
        }

        var failures = _meters.Of(CqrsDiagnostics.MessagesFailed, Flaky);
        Assert.Equal(4, failures.Count);
        Assert.All(failures, failure => Assert.Equal(typeof(InjectedFailureException).FullName, failure.Tags[CqrsDiagnostics.ExceptionTypeTag]));
        Assert.Equal(1, Total(CqrsDiagnostics.MessagesRetried, Flaky));
        var deadLettered = Assert.Single(_meters.Of(CqrsDiagnostics.MessagesDeadLettered, Flaky));
        Assert.Equal(DeadLetterReasons.HandlerFailed, deadLettered.Tags[CqrsDiagnostics.ReasonTag]);
        Assert.Empty(_meters.Of(CqrsDiagnostics.MessagesHandled, Flaky));
    }

    public void Dispose() => _meters.Dispose();

    private double Total(string instrument, string messageType) =>
        _meters.Of(instrument, messageType).Sum(measurement => measurement.Value);

    private async Task WaitForTotalAsync(string instrument, string messageType, double total)
    {
        var deadline = DateTime.UtcNow + Patience.Timeout;
        while (Total(instrument, messageType) < total)
        {
            Assert.True(DateTime.UtcNow < deadline, $"{instrument} of {messageType} stayed at {Total(instrument, messageType)}, short of {total}.");
            await Task.Delay(TimeSpan.FromMilliseconds(50));
        }
    }

    /// <summary>Runs one order through a container, then drops it without disposing it: a weak reference to it.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private WeakReference SendOneOrderInAContainerLeftUndisposed() =>
        Task.Run(async () =>
        {
            var provider = CreateProvider();
            await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
            await provider.GetRequiredService<Recorder>().WaitForAsync<NotifyCustomer>();
            return new WeakReference(provider);
        }).GetAwaiter().GetResult();

    private ServiceProvider CreateProvider(Action<CqrsOptions>? configure = null) =>
        TestHost.Create(configure, services => services.AddSingleton<IMeterFactory>(_meters));
}
