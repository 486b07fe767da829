using Cqrs.EventSourcing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain;

namespace Cqrs.CrashApp;

/// <summary>Countdown sagas over a SQLite file or Azure Table storage (<see cref="SagaStores"/>): their timeouts stored by one process and fired by the next ones.</summary>
internal static class SagaRuns
{
    private static readonly TimeSpan MaxRun = TimeSpan.FromSeconds(90);

    /// <summary>Starts <paramref name="count"/> countdowns, their timeouts due at once, with no scheduler running; prints "armed" and waits to be killed.</summary>
    public static async Task<int> ArmAsync(string directory, int count, Action<EventSourcingBuilder> store)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(log, store, direct: true);
        var commands = host.Services.GetRequiredService<ICommandBus>();
        for (var index = 0; index < count; index++)
        {
            await commands.SendAsync(new StartCountdown(IdOf(index)));
        }

        Console.Out.WriteLine("armed");
        await Task.Delay(MaxRun);
        return 0;
    }

    /// <summary>Runs the timeout scheduler, on the in-process queue, until killed.</summary>
    public static async Task<int> FireAsync(string directory, Action<EventSourcingBuilder> store)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(log, store, direct: false);
        await host.StartAsync();
        await Task.Delay(MaxRun);
        return 0;
    }

    /// <summary>Runs the scheduler until no timeout nor pending saga message is left, stops, and prints "state &lt;id&gt; &lt;fired&gt; &lt;completed&gt;" for each countdown.</summary>
    public static async Task<int> DrainAsync(string directory, int count, Action<EventSourcingBuilder> store)
    {
        using var log = new HandledLog(directory);
        using var host = CreateHost(log, store, direct: false);
        await host.StartAsync();
        var sagas = host.Services.GetRequiredService<ISagaStore>();
        using var deadline = new CancellationTokenSource(MaxRun);
        while ((await sagas.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 1, deadline.Token)).Count > 0
            || (await sagas.ReadSagasWithPendingAsync(1, deadline.Token)).Count > 0)
        {
            await Task.Delay(50, deadline.Token);
        }

        await host.StopAsync();
        await PrintStatesAsync(host, count);
        return 0;
    }

    public static string IdOf(int index) => $"c{index}";

    /// <summary>Prints "state &lt;id&gt; &lt;fired&gt; &lt;completed&gt;" for each countdown.</summary>
    public static async Task PrintStatesAsync(IHost host, int count)
    {
        var countdowns = host.Services.GetRequiredService<SagaRuntime<Countdown>>();
        for (var index = 0; index < count; index++)
        {
            var countdown = await countdowns.LoadAsync(IdOf(index));
            Console.Out.WriteLine($"state {IdOf(index)} {countdown?.State.Fired ?? 0} {countdown?.Completed ?? false}");
        }
    }

    /// <summary>Countdowns over <paramref name="store"/>; <paramref name="transport"/> puts the buses on another transport.</summary>
    public static IHost CreateHost(HandledLog log, Action<EventSourcingBuilder> store, bool direct, Action<CqrsBuilder>? transport = null)
    {
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Services.AddSingleton(log);
        builder.Services.AddSingleton<CrashBalances>();
        var eventSourcing = builder.Services.AddSampleDomain(options => options.DirectDispatch = direct);
        store(eventSourcing);
        eventSourcing.ConfigureSagas(options => options.TimeoutBatchSize = 10);
        var cqrs = builder.Services.AddCqrs(Cqrs.Generated.CqrsCrashAppMessageRegistry.Instance);
        transport?.Invoke(cqrs);
        return builder.Build();
    }
}
