using Cqrs.EventSourcing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain;
using Sample.Domain.Accounts;

namespace Cqrs.CrashApp;

/// <summary>The sample domain over a SQLite store in a directory, with the outbox, recording handlers and the durable projection.</summary>
internal static class CrashRuns
{
    public const string StoreFile = "events.db";

    private const int Writers = 4;

    /// <summary>A run left behind by its test stops on its own.</summary>
    private static readonly TimeSpan MaxRun = TimeSpan.FromSeconds(90);

    /// <summary>Writers open an account each and deposit into it until the process is killed.</summary>
    public static async Task<int> WriteAsync(string directory, int run, bool direct)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(directory, log, direct);
        await host.StartAsync();
        using var stop = new CancellationTokenSource(MaxRun);
        var accounts = host.Services.GetRequiredService<IAggregateRepository<Account>>();
        await Task.WhenAll(Enumerable.Range(0, Writers).Select(writer => Task.Run(() => WriteAccountAsync(accounts, $"r{run}-w{writer}", stop.Token))));
        return 0;
    }

    /// <summary>Publishes what the outbox still holds (the sweep at start does), waits for it to empty, and stops, letting handlers finish.</summary>
    public static async Task<int> DrainAsync(string directory, bool direct)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(directory, log, direct);
        await host.StartAsync();
        var outbox = host.Services.GetRequiredService<IOutboxStore>();
        using var deadline = new CancellationTokenSource(MaxRun);
        while ((await outbox.ReadUnpublishedAsync(1, deadline.Token)).Count > 0)
        {
            await Task.Delay(50, deadline.Token);
        }

        await host.StopAsync();
        return 0;
    }

    public static async Task<int> RebuildAsync(string directory)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(directory, log, direct: false);
        await host.Services.GetRequiredService<ProjectionRunner>().RebuildAsync(host.Services.GetRequiredService<CrashBalances>());
        return 0;
    }

    private static async Task WriteAccountAsync(IAggregateRepository<Account> accounts, string accountId, CancellationToken stop)
    {
        var stream = accounts.StreamOf(accountId);
        var version = await accounts.ExecuteAsync(accountId, null, account => account.Decide(new OpenAccount(accountId, "Owner")), stop);
        Acknowledge(stream, version);
        for (var deposit = 1; !stop.IsCancellationRequested; deposit++)
        {
            var amount = deposit;
            version = await accounts.ExecuteAsync(accountId, null, account => account.Decide(new Deposit(accountId, amount)), stop);
            Acknowledge(stream, version);
        }
    }

    /// <summary>Only once the append has returned: the test holds the store to every line.</summary>
    private static void Acknowledge(string stream, long version) => Console.Out.WriteLine($"ack {stream} {version}");

    /// <param name="direct">Direct dispatch (handlers run in the append's call) rather than the in-process queue.</param>
    private static IHost CreateHost(string directory, HandledLog log, bool direct)
    {
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Services.AddSingleton(log);
        builder.Services.AddSingleton<CrashBalances>();
        builder.Services.AddSampleDomain(options => options.DirectDispatch = direct).UseSqliteStore(Path.Combine(directory, StoreFile));
        builder.Services.AddCqrs(Cqrs.Generated.CqrsCrashAppMessageRegistry.Instance);
        builder.Services.Configure<EventSourcingOptions>(options => options.OutboxSweepInterval = TimeSpan.FromMilliseconds(100));
        return builder.Build();
    }
}
