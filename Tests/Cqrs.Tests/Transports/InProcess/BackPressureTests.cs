using Cqrs.Testing.Domain.Probes;
using Cqrs.Testing.Domain.Relays;
using Cqrs.Tests.Domain.Bursts;
using Cqrs.Tests.Domain.Holding;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>
/// In-process back-pressure: at most MaxInFlight operations, each a message from outside and
/// everything its handlers raise; callers past it wait, handlers never do.
/// </summary>
public sealed class BackPressureTests
{
    [Fact]
    public async Task SendAsync_WithMaxInFlightReached_WaitsUntilTheWholeOperationFinishes()
    {
        await using var provider = TestHost.Create(options => options.InProcess.MaxInFlight = 1);
        var bus = provider.GetRequiredService<ICommandBus>();
        var gate = provider.GetRequiredService<Gate>();
        var recorder = provider.GetRequiredService<Recorder>();
        try
        {
            await bus.SendAsync(new Hold(1, HoldPoint.InEventHandler));
            await gate.Entered.WaitAsync(Patience.Timeout);

            var second = bus.SendAsync(new Hold(2, HoldPoint.InEventHandler)).AsTask();
            var firstEventHandledWhenSecondWasAdmitted = second.ContinueWith(
                _ => recorder.Of<HeldHandler>().Any(delivery => delivery.Message is Held { Number: 1 }),
                TaskContinuationOptions.ExecuteSynchronously);

            Assert.False(second.IsCompleted, "The second operation was admitted while the first one's event handler was at the gate.");
            gate.Open();
            await second.WaitAsync(Patience.Timeout);
            Assert.True(await firstEventHandledWhenSecondWasAdmitted, "The second operation was admitted before the first one's event was handled.");
        }
        finally
        {
            gate.Open();
        }
    }

    /// <summary>
    /// One worker, busy with the command: its events can only be handled in its own call, once the queue is full.
    /// Unbounded, none would be handled until the command's handler returned.
    /// </summary>
    [Fact]
    public async Task MessagesRaisedInHandlers_PastMaxQueuedMessages_AreHandledInTheSendersCall()
    {
        const int Parts = 100;
        const int MaxQueued = 8;
        await using var provider = TestHost.Create(options =>
        {
            options.InProcess.Concurrency = 1;
            options.InProcess.MaxQueuedMessages = MaxQueued;
        });
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new Burst(Parts));

        var burst = Assert.Single(await recorder.WaitForAsync<BurstHandler>());
        Assert.InRange((int)burst.Note!, Parts - MaxQueued, Parts);
        Assert.Equal(Enumerable.Range(0, Parts), (await recorder.WaitForAsync<BurstPartHandler>(Parts)).Select(part => ((BurstPart)part.Message).Index).Order());
    }

    /// <summary>The chain is longer than direct dispatch nests inline, so its tail crosses over to the queue.</summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task MessagesRaisedInHandlers_WithMaxInFlightReached_NeverWait(bool directDispatch)
    {
        const int Hops = 40;
        await using var provider = TestHost.Create(options =>
        {
            options.InProcess.MaxInFlight = 1;
            options.DirectDispatch = directDispatch;
        });
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new Relay(Guid.NewGuid(), HopsLeft: Hops));

        await recorder.WaitForAsync<RelayFinishedHandler>();
        Assert.Equal(Hops + 1, recorder.Of<RelayHandler>().Count);
    }
}
