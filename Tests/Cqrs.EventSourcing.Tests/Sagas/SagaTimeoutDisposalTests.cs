using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>Disposing the timeout scheduler waits for the timeouts it fired to be delivered and deleted.</summary>
public sealed class SagaTimeoutDisposalTests
{
    [Fact]
    public async Task Dispose_TimeoutUnderWay_WaitsUntilItIsDeliveredAndDeleted()
    {
        using var turn = new HeldCompletion();
        using var host = SagaHost.Create(StoreSet.InMemory(), new TallyLog(), direct: false, services: services => services.AddSingleton<ISagaObserver>(turn));
        var commands = host.Services.GetRequiredService<ICommandBus>();
        var store = host.Services.GetRequiredService<ISagaStore>();
        var tallies = host.Services.GetRequiredService<SagaRuntime<Tally>>();
        await commands.SendAsync(new OpenTally("t-1"));
        await Patience.WaitUntilAsync(async () => await tallies.LoadAsync("t-1") is not null, () => "The tally was not opened.");
        await commands.SendAsync(new ArmTally("t-1"));
        await Patience.WaitUntilAsync(async () => (await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10)).Count == 1, () => "The timeout was not stored.");
        var scheduler = host.Services.GetRequiredService<SagaTimeoutScheduler>();
        Assert.Equal(1, await scheduler.FireDueAsync(CancellationToken.None));
        await turn.Entered.WaitAsync(Patience.Timeout);

        Task disposing;
        try
        {
            disposing = scheduler.DisposeAsync().AsTask();

            Assert.False(disposing.IsCompleted, "Disposal did not wait for the timeout under way.");
        }
        finally
        {
            turn.Release();
        }

        await disposing.WaitAsync(Patience.Timeout);
        Assert.Empty(await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10));
    }

    /// <summary>Holds the turn that completes a saga (here, its timeout's) until released, as a slow handler would.</summary>
    private sealed class HeldCompletion : ISagaObserver, IDisposable
    {
        private readonly TaskCompletionSource _entered = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly ManualResetEventSlim _released = new();

        public Task Entered => _entered.Task;

        public void Decided(string sagaType, SagaContext decision)
        {
            if (decision.IsCompleted)
            {
                _entered.TrySetResult();
                _released.Wait(Patience.Timeout);
            }
        }

        public void Release() => _released.Set();

        public void Dispose() => _released.Dispose();
    }
}
