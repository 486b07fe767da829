using System.Diagnostics;
using System.Globalization;
using Cqrs.EventSourcing;
using Microsoft.Extensions.DependencyInjection;
using Sample.Domain;
using Sample.Domain.Accounts;

namespace Cqrs.Benchmarks.Stores;

/// <summary>
/// <c>stores</c>: append throughput and aggregate load time per event store, on the sample account aggregate.
/// Appends: 8 writers, each on its own streams, one event per append, then 40 per append (under the Table
/// store's transaction limit). Loads: the median of 5 loads of one 10,000-event stream, with snapshots off and on.
/// </summary>
internal static class StoreBenchmarks
{
    private const int Writers = 8;
    private const int Batch = 40;
    private const int LoadRuns = 5;

    public static async Task<int> RunAsync(string[] args, TextWriter output)
    {
        var events = args is [var count] ? int.Parse(count, CultureInfo.InvariantCulture) : 10_000;
        var shortStream = events / 10;
        output.WriteLine($"Event stores: {events:N0} events per append run; loads of {shortStream:N0}- and {events:N0}-event streams (median of {LoadRuns}), ms.");
        output.WriteLine($"{"store",-14}{"append 1/op ev/s",18}{"append 40/op ev/s",19}{"no snapshots",20}{"snapshot every 100",22}");
        foreach (var target in BenchmarkStores.All())
        {
            if (target.Unavailable is { } reason)
            {
                output.WriteLine($"{target.Name,-14}skipped: {reason}");
                continue;
            }

            using (target)
            {
                var single = await AppendRateAsync(target.Create(), events, 1);
                var batched = await AppendRateAsync(target.Create(), events, Batch);
                var (shortPlain, shortSnapshotted) = await LoadTimesAsync(target.Create(), shortStream);
                var (plain, snapshotted) = await LoadTimesAsync(target.Create(), events);
                output.WriteLine($"{target.Name,-14}{single,18:N0}{batched,19:N0}{Pair(shortPlain, plain),20}{Pair(shortSnapshotted, snapshotted),22}");
            }
        }

        return 0;
    }

    private static string Pair(TimeSpan shorter, TimeSpan longer) =>
        string.Create(CultureInfo.InvariantCulture, $"{shorter.TotalMilliseconds:N2} / {longer.TotalMilliseconds:N2}");

    private static async Task<double> AppendRateAsync(Action<EventSourcingBuilder> stores, int events, int perAppend)
    {
        await using var provider = Provider(stores, snapshotEvery: 0);
        var store = provider.GetRequiredService<IEventStore>();
        var payload = new NewEvent(Guid.Empty, "sample.v1.money-deposited", new byte[24], Guid.Empty, Guid.Empty);
        var appendsPerWriter = events / Writers / perAppend;
        var clock = Stopwatch.StartNew();
        await Task.WhenAll(Enumerable.Range(0, Writers).Select(writer => Task.Run(async () =>
        {
            var versions = new long[16];
            for (var append = 0; append < appendsPerWriter; append++)
            {
                var stream = append % versions.Length;
                var batch = Enumerable.Range(0, perAppend).Select(_ => payload with { EventId = Guid.CreateVersion7() }).ToList();
                versions[stream] = await store.AppendAsync($"bench-{perAppend}-{writer}-{stream}", ExpectedVersion.Exactly(versions[stream]), batch);
            }
        })));
        return appendsPerWriter * Writers * perAppend / clock.Elapsed.TotalSeconds;
    }

    private static async Task<(TimeSpan Plain, TimeSpan Snapshotted)> LoadTimesAsync(Action<EventSourcingBuilder> stores, int events)
    {
        await using var withSnapshots = Provider(stores, snapshotEvery: 100);
        await using var withoutSnapshots = Provider(stores, snapshotEvery: 0);
        var writer = withSnapshots.GetRequiredService<IAggregateRepository<Account>>();
        var version = await writer.AppendAsync("load", ExpectedVersion.NoStream, [new AccountOpened("load", "Ada")], context: null);
        while (version < events)
        {
            var deposits = Enumerable.Range(0, (int)Math.Min(Batch, events - version)).Select(_ => (IEvent)new MoneyDeposited("load", 1m)).ToList();
            version = await writer.AppendAsync("load", ExpectedVersion.Exactly(version), deposits, context: null);
        }

        return (await MedianLoadAsync(withoutSnapshots), await MedianLoadAsync(withSnapshots));
    }

    private static async Task<TimeSpan> MedianLoadAsync(IServiceProvider provider)
    {
        var repository = provider.GetRequiredService<IAggregateRepository<Account>>();
        var times = new List<TimeSpan>();
        for (var run = 0; run < LoadRuns; run++)
        {
            var clock = Stopwatch.StartNew();
            await repository.LoadAsync("load");
            times.Add(clock.Elapsed);
        }

        return times.Order().ElementAt(LoadRuns / 2);
    }

    /// <summary>The sample domain over the <paramref name="stores"/>.</summary>
    private static ServiceProvider Provider(Action<EventSourcingBuilder> stores, int snapshotEvery)
    {
        var services = new ServiceCollection();
        stores(services.AddSampleDomain(options => options.DirectDispatch = true));
        services.Configure<EventSourcingOptions>(options => options.SnapshotEvery = snapshotEvery);
        return services.BuildServiceProvider();
    }
}
