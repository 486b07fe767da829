using Cqrs.Testing.Domain.Ordering;
using Cqrs.Testing.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>
/// Order per key: commands with one ordering key are handled one at a time, in the order they were sent, and so are
/// events with one key; messages with no key are not held back by one another.
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

    /// <summary>Commands with no ordering key, sent at once, run at once: each handler waits until another runs beside it.</summary>
    [Fact]
    public async Task Send_UnkeyedCommands_RunAtOnce()
    {
        const int Commands = 4;
        await using var provider = CreateProvider(options => options.InProcess.Concurrency = 4);
        var bus = provider.GetRequiredService<ICommandBus>();
        var gate = provider.GetRequiredService<OverlapGate>();
        gate.Expect(together: HandlesConcurrently ? 2 : 1, handlers: Commands);

        var sending = Task.WhenAll(Enumerable.Range(0, Commands).Select(number => Task.Run(async () => await bus.SendAsync(new Overlap(number)))));
        await gate.Opened.WaitAsync(Patience.Timeout);
        await sending.WaitAsync(Patience.Timeout);
        await gate.Done.WaitAsync(Patience.Timeout);
    }
}
