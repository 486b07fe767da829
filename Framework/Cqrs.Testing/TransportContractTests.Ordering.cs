using Cqrs.Testing.Domain.Ordering;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Cqrs.Testing;

/// <summary>
/// Order per key: commands with one ordering key are handled one at a time, in the order they were sent, and so are
/// events with one key; messages of different keys, and messages with no key, are not held back by one another.
/// </summary>
public abstract partial class TransportContractTests
{
    /// <summary>
    /// False for a transport that hands over one delivery at a time (a single reader), whose messages can never run at
    /// once: <see cref="Send_UnkeyedCommands_RunAtOnce"/> then only checks that they run. True by default.
    /// </summary>
    protected virtual bool HandlesConcurrently => true;

    /// <summary>
    /// Many keys, sent from many tasks at once (each key from one task, in sequence): each key's commands, and the events
    /// their handlers raise under the same key, start in the order sent, and no two of one handler and key ever run at once.
    /// </summary>
    [Fact]
    public async Task Send_ManyKeysFromManyTasks_HandlesEachKeysMessagesOneAtATimeInTheOrderSent()
    {
        const int Tasks = 8;
        const int KeysPerTask = 4;
        const int StepsPerKey = 16;
        await using var provider = CreateProvider(options => options.InProcess.Concurrency = 4);
        var bus = provider.GetRequiredService<ICommandBus>();
        var log = provider.GetRequiredService<StepLog>();
        log.Expect(Tasks * KeysPerTask * StepsPerKey * 2);
        var keys = Enumerable.Range(0, Tasks).Select(task => Enumerable.Range(0, KeysPerTask).Select(key => $"key-{task}-{key}").ToArray()).ToArray();

        await Task.WhenAll(keys.Select(taskKeys => Task.Run(async () =>
        {
            for (var step = 0; step < StepsPerKey; step++)
            {
                foreach (var key in taskKeys)
                {
                    await bus.SendAsync(new Step(key, step));
                }
            }
        })));
        await log.Done.WaitAsync(Patience.Timeout);

        Assert.Empty(log.Overlaps);
        var inOrder = Enumerable.Range(0, StepsPerKey).ToList();
        Assert.All(keys.SelectMany(taskKeys => taskKeys), key =>
        {
            Assert.Equal(inOrder, log.Started(StepColumn.Command, key));
            Assert.Equal(inOrder, log.Started(StepColumn.Event, key));
        });
    }

    /// <summary>
    /// Each key's first step is held in its handler while the key's later steps are sent, and then a command with no key,
    /// until that one is handled: a transport that let a key's next step past the one running would run it meanwhile,
    /// beside the held one. Released, each key's steps run one at a time in the order sent. Nothing is held where the
    /// sender would wait on it: a transport that hands over one delivery at a time (its one reader), or direct dispatch
    /// (the sender's own call).
    /// </summary>
    [Fact]
    public async Task Send_KeysLaterStepsWhileItsFirstIsRunning_WaitForItAndRunInTheOrderSent()
    {
        const int Keys = 2;
        const int StepsPerKey = 8;
        await using var provider = CreateProvider(options => options.InProcess.Concurrency = 4);
        var bus = provider.GetRequiredService<ICommandBus>();
        var log = provider.GetRequiredService<StepLog>();
        log.Expect(Keys * StepsPerKey * 2);
        var keys = Enumerable.Range(0, Keys).Select(key => $"held-{key}").ToArray();
        var holds = HandlesConcurrently && !provider.GetRequiredService<IOptions<CqrsOptions>>().Value.DirectDispatch;
        var held = holds ? log.HoldFirstSteps(Keys) : Task.CompletedTask;

        foreach (var key in keys)
        {
            await bus.SendAsync(new Step(key, 0));
        }

        await held.WaitAsync(Patience.Timeout);
        for (var step = 1; step < StepsPerKey; step++)
        {
            foreach (var key in keys)
            {
                await bus.SendAsync(new Step(key, step));
            }
        }

        await bus.SendAsync(SampleOrders.Valid());
        await provider.GetRequiredService<Recorder>().WaitForAsync<SubmitOrderHandler>();
        log.ReleaseFirstSteps();
        await log.Done.WaitAsync(Patience.Timeout);

        Assert.Empty(log.Overlaps);
        Assert.All(keys, key => Assert.Equal(Enumerable.Range(0, StepsPerKey), log.Started(StepColumn.Command, key)));
    }

    /// <summary>Commands with no ordering key, sent at once, run at once: each handler waits until another runs beside it.</summary>
    [Fact]
    public async Task Send_UnkeyedCommands_RunAtOnce() => await SendAtOnceAndAwaitOverlapAsync(number => new Overlap(number));

    /// <summary>Commands of different ordering keys, sent at once, run at once: a key holds back its own messages alone.</summary>
    [Fact]
    public async Task Send_CommandsOfDifferentKeys_RunAtOnce() => await SendAtOnceAndAwaitOverlapAsync(number => new Overlap(number, $"lane-{number}"));

    /// <summary>Sends four commands at once and waits until two of them were handled side by side (one, for a transport that never does).</summary>
    private async Task SendAtOnceAndAwaitOverlapAsync(Func<int, Overlap> command)
    {
        const int Commands = 4;
        await using var provider = CreateProvider(options => options.InProcess.Concurrency = 4);
        var bus = provider.GetRequiredService<ICommandBus>();
        var gate = provider.GetRequiredService<OverlapGate>();
        gate.Expect(together: HandlesConcurrently ? 2 : 1, handlers: Commands);

        var sending = Task.WhenAll(Enumerable.Range(0, Commands).Select(number => Task.Run(async () => await bus.SendAsync(command(number)))));
        await gate.Opened.WaitAsync(Patience.Timeout);
        await sending.WaitAsync(Patience.Timeout);
        await gate.Done.WaitAsync(Patience.Timeout);
    }
}
