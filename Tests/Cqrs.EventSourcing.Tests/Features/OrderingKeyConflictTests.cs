using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Conflicts;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace Cqrs.EventSourcing.Tests.Features;

/// <summary>
/// Optimistic-concurrency conflicts on one workload, in process with four workers: several commands per aggregate sent at
/// once, with no ordering key and with the aggregate's id as their key. Keyed, one aggregate's commands take turns, so
/// none conflicts. The counts are printed, for the benchmarks' README.
/// </summary>
public sealed class OrderingKeyConflictTests(ITestOutputHelper output)
{
    private const int Tallies = 8;
    private const int CommandsPerTally = 32;

    [Fact]
    public async Task CommandsForOneAggregate_OrderedByItsId_NeverConflict()
    {
        var keyed = await CountConflictsAsync(id => new CountInTurn(id));
        var unkeyed = await CountConflictsAsync(id => new Count(id));

        output.WriteLine($"{Tallies} aggregates x {CommandsPerTally} commands sent at once, 4 workers: {unkeyed} conflicts without ordering keys, {keyed} with the aggregate's id as key.");
        Assert.Equal(0, keyed);
    }

    /// <summary>Sends every command from eight tasks at once, waits for every event, and returns the conflicts the store saw.</summary>
    private static async Task<int> CountConflictsAsync<TCommand>(Func<string, TCommand> command)
        where TCommand : ICommand
    {
        var storage = new InMemoryStorage();
        var streams = new ConflictCountingStore(new InMemoryEventStore(storage));
        var store = new StoreSet(storage, streams, new InMemoryOutboxStore(storage), new InMemorySnapshotStore(), new InMemoryInboxStore(storage), new InMemoryCheckpointStore(), new InMemorySagaStore(storage));
        using var host = Domain.Create(store, options => options.ConflictRetries = 1000, configureCqrs: options => options.InProcess.Concurrency = 4);
        var log = host.Services.GetRequiredService<CountLog>();
        log.Expect(Tallies * CommandsPerTally);
        var bus = host.Services.GetRequiredService<ICommandBus>();

        await Task.WhenAll(Enumerable.Range(0, 8).Select(task => Task.Run(async () =>
        {
            for (var round = task; round < CommandsPerTally; round += 8)
            {
                for (var tally = 0; tally < Tallies; tally++)
                {
                    await bus.SendAsync(command($"tally-{tally}"));
                }
            }
        })));
        await log.Done.WaitAsync(Patience.Timeout);
        return streams.Conflicts;
    }
}
