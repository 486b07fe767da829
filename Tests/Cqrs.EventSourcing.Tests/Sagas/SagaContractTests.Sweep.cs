using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>The sweep at start, which publishes what sagas left pending, past what this process is publishing already.</summary>
public abstract partial class SagaContractTests
{
    [Fact]
    public async Task Sweep_FullBatchThisProcessIsPublishingAlready_GetsPastIt()
    {
        var closeIds = new Dictionary<string, Guid>();
        foreach (var tallyId in TallyIds(2))
        {
            closeIds[tallyId] = (await DecideInAProcessWhoseTransportStoppedAsync(tallyId)).CloseId;
        }

        using var held = new HeldClosing();
        using var host = SagaHost.Create(OpenStore(), _log, options => options.TimeoutBatchSize = 1, services: services => services.AddSingleton<IHandlerMiddleware<TallyClosed>>(held));
        var store = host.Services.GetRequiredService<ISagaStore>();
        var first = Assert.Single(await store.ReadSagasWithPendingAsync(1)).SagaId;
        var second = closeIds.Keys.Single(tallyId => tallyId != first);

        // The first saga's close comes again: its pending TallyClosed is published, and held in its handler.
        held.Hold(first);
        var repeat = host.Services.GetRequiredService<ICommandHandler<CloseTally>>()
            .HandleAsync(new CloseTally(first), new TestContext(closeIds[first]), CancellationToken.None).AsTask();
        await held.Entered.WaitAsync(Patience.Timeout);

        // A batch of one: the first saga, whose message is under way here. The sweep must not stop there.
        var sweeping = host.Services.GetRequiredService<SagaOutbox>().SweepAsync(CancellationToken.None);
        held.Release();
        await repeat.WaitAsync(Patience.Timeout);

        Assert.Equal(1, await sweeping.WaitAsync(Patience.Timeout));
        Assert.Equal(5, await _log.ClosedAsync(second));
        await WaitUntilNothingPendingAsync(host);
    }

    /// <summary>Holds the handling of one tally's TallyClosed until released.</summary>
    private sealed class HeldClosing : IHandlerMiddleware<TallyClosed>, IDisposable
    {
        private readonly TaskCompletionSource _entered = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly TaskCompletionSource _released = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private string? _tallyId;

        public Task Entered => _entered.Task;

        public void Hold(string tallyId) => _tallyId = tallyId;

        public void Release() => _released.TrySetResult();

        public async ValueTask InvokeAsync(TallyClosed message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken)
        {
            if (message.TallyId == _tallyId)
            {
                _entered.TrySetResult();
                await _released.Task;
            }

            await next();
        }

        public void Dispose() => Release();
    }
}
