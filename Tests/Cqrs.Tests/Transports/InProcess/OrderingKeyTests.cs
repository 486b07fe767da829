using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Domain.Turns;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>
/// What order per key means in process beyond the contract suite: a delayed retry goes behind what its key sent
/// meanwhile, as a scheduled copy does in a Service Bus session; a keyed message is never handled in its sender's call;
/// and a stop sets aside what waits for its key's turn.
/// </summary>
public sealed class OrderingKeyTests
{
    /// <summary>
    /// The first command fails its immediate retries and is scheduled an hour later on the container's clock: the key's
    /// next commands are not held back by it, and the retry is handled once the clock reaches it, after them.
    /// </summary>
    [Fact]
    public async Task DelayedRetry_OfAKeyedCommand_IsHandledAfterTheCommandsItsKeySentMeanwhile()
    {
        var clock = new FakeTimeProvider();
        await using var provider = TestHost.Create(
            options => options.Retry.Delays = [TimeSpan.FromHours(1)],
            services => services.AddSingleton<TimeProvider>(clock));
        var bus = provider.GetRequiredService<ICommandBus>();
        var recorder = provider.GetRequiredService<Recorder>();

        await bus.SendAsync(new KeyedFlaky("k", 0, Failures: 3));
        await recorder.WaitForAsync<KeyedFlakyHandler>(3);
        await bus.SendAsync(new KeyedFlaky("k", 1, Failures: 0));
        await bus.SendAsync(new KeyedFlaky("k", 2, Failures: 0));
        await recorder.WaitForAsync<KeyedFlakyHandler>(5);
        clock.Advance(TimeSpan.FromHours(1));
        var attempts = await recorder.WaitForAsync<KeyedFlakyHandler>(6);

        Assert.Equal([0, 0, 0, 1, 2, 0], attempts.Select(attempt => ((KeyedFlaky)attempt.Message).Number));
    }

    /// <summary>
    /// One worker and a queue bound of one: the fan's unkeyed twin would have its parts handled in its own call. Keyed,
    /// they wait for the fan's turn to end, so none is handled before the fan returns.
    /// </summary>
    [Fact]
    public async Task KeyedCommandsFromAHandler_PastMaxQueuedMessages_WaitForTheHandlersTurnToEnd()
    {
        const int Parts = 20;
        await using var provider = TestHost.Create(options =>
        {
            options.InProcess.Concurrency = 1;
            options.InProcess.MaxQueuedMessages = 1;
        });
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new KeyedFan("k", Parts));

        var fan = Assert.Single(await recorder.WaitForAsync<KeyedFanHandler>());
        Assert.Equal(0, (int)fan.Note!);
        var parts = await recorder.WaitForAsync<KeyedFanPartHandler>(Parts);
        Assert.Equal(Enumerable.Range(0, Parts), parts.Select(part => ((KeyedFanPart)part.Message).Index));
    }

    /// <summary>
    /// A command of one key held past both shutdown timeouts by a handler deaf to its token, and two more of the key
    /// waiting for their turn: the stop gives up on the held one and dead-letters the waiting ones as Shutdown, never
    /// handled. A command of another key was handled.
    /// </summary>
    [Fact]
    public async Task Stop_WithKeyedCommandsWaitingBehindAStuckOne_DeadLettersThemAsShutdown()
    {
        var provider = TestHost.Create(options => options.InProcess.ShutdownTimeout = TimeSpan.FromMilliseconds(200));
        var bus = provider.GetRequiredService<ICommandBus>();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();
        var gate = provider.GetRequiredService<Gate>();
        try
        {
            await bus.SendAsync(new KeyedHold("k", 0, Holds: true));
            await gate.Entered.WaitAsync(Patience.Timeout);
            var waiting = new[] { await bus.SendAsync(new KeyedHold("k", 1, Holds: false)), await bus.SendAsync(new KeyedHold("k", 2, Holds: false)) };
            await bus.SendAsync(new KeyedHold("other", 3, Holds: false));
            await recorder.WaitForAsync<KeyedHoldHandler>(2);
            await provider.DisposeAsync().AsTask().WaitAsync(Patience.Timeout);

            var letters = deadLetters.Snapshot();
            Assert.All(letters, letter => Assert.Equal(DeadLetterReasons.Shutdown, letter.Reason));
            Assert.Equal(waiting.Select(sent => sent.MessageId), letters.Select(letter => letter.MessageId));
            Assert.Equal([0, 3], recorder.Of<KeyedHoldHandler>().Select(delivery => ((KeyedHold)delivery.Message).Number));
        }
        finally
        {
            gate.Open();
        }
    }
}
