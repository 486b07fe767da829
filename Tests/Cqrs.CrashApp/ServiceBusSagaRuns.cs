using Cqrs.EventSourcing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.CrashApp;

/// <summary>
/// Countdown sagas over a SQLite store and the Service Bus broker the test runs: one process has their timeouts
/// scheduled at the broker and is killed; the next one takes them when they come due.
/// </summary>
internal static class ServiceBusSagaRuns
{
    private static readonly TimeSpan MaxRun = TimeSpan.FromSeconds(90);

    /// <summary>
    /// Starts <paramref name="count"/> countdowns whose timeouts are due after <paramref name="delaySeconds"/>, waits
    /// until each is saved and the store holds no timeout (the broker took them all), prints "armed" and waits to be killed.
    /// </summary>
    public static async Task<int> ArmAsync(string directory, string connectionString, int count, int delaySeconds)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(directory, log, connectionString);
        await host.StartAsync();
        var commands = host.Services.GetRequiredService<ICommandBus>();
        for (var index = 0; index < count; index++)
        {
            await commands.SendAsync(new StartCountdown(SagaRuns.IdOf(index), delaySeconds));
        }

        var store = host.Services.GetRequiredService<ISagaStore>();
        using var deadline = new CancellationTokenSource(MaxRun);
        while (await CountAsync(host, count, countdown => countdown is not null) < count
            || (await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 1, deadline.Token)).Count > 0)
        {
            await Task.Delay(50, deadline.Token);
        }

        Console.Out.WriteLine("armed");
        await Task.Delay(MaxRun);
        return 0;
    }

    /// <summary>Waits until every countdown completed, stops, and prints "state &lt;id&gt; &lt;fired&gt; &lt;completed&gt;" for each.</summary>
    public static async Task<int> DrainAsync(string directory, string connectionString, int count)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(directory, log, connectionString);
        await host.StartAsync();
        using var deadline = new CancellationTokenSource(MaxRun);
        while (await CountAsync(host, count, countdown => countdown is { Completed: true }) < count)
        {
            await Task.Delay(50, deadline.Token);
        }

        await host.StopAsync();
        await SagaRuns.PrintStatesAsync(host, count);
        return 0;
    }

    private static async Task<int> CountAsync(IHost host, int count, Func<LoadedSaga<Countdown>?, bool> condition)
    {
        var countdowns = host.Services.GetRequiredService<SagaRuntime<Countdown>>();
        var matching = 0;
        for (var index = 0; index < count; index++)
        {
            matching += condition(await countdowns.LoadAsync(SagaRuns.IdOf(index))) ? 1 : 0;
        }

        return matching;
    }

    private static IHost CreateHost(string directory, HandledLog log, string connectionString) =>
        SagaRuns.CreateHost(log, SagaStores.Of(directory, []), direct: false, cqrs => cqrs.UseServiceBus(settings => settings.ConnectionString = connectionString));
}
