using Cqrs.Testing.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>
/// The test domain the transport contract runs on (<c>Cqrs.Testing.Domain</c>: orders, pings, relays, flaky messages,
/// screening, a stop begun mid-handler, keyed steps), for tests of your own that want the same messages and probes. Its wire names
/// start with <c>tests.v1.</c>.
/// </summary>
public static class TestDomain
{
    /// <summary>
    /// Registers the domain's probes, its messages, handlers and validators (the generated
    /// <c>Cqrs.Generated.CqrsTestingMessageRegistry</c>), and the buses, with <see cref="ApplyDefaults"/> and then
    /// <paramref name="configure"/> applied to the options.
    /// </summary>
    /// <returns>The builder, to put the buses on a transport or add more registries.</returns>
    public static CqrsBuilder Add(IServiceCollection services, Action<CqrsOptions>? configure = null)
    {
        AddProbes(services);
        return services.AddCqrs(options =>
        {
            ApplyDefaults(options);
            configure?.Invoke(options);
        });
    }

    /// <summary>
    /// Registers the probes the domain's handlers report to, one of each per container: <see cref="Recorder"/>,
    /// <see cref="Tally"/>, <see cref="StopFromHandler"/>, <see cref="StepLog"/> and <see cref="OverlapGate"/>.
    /// </summary>
    public static IServiceCollection AddProbes(IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddSingleton<Recorder>();
        services.AddSingleton<Tally>();
        services.AddSingleton<StopFromHandler>();
        services.AddSingleton<StepLog>();
        services.AddSingleton<OverlapGate>();
        return services;
    }

    /// <summary>
    /// Settings that keep failures fast: two immediate retries, then two delayed ones 10 ms apart; four in-process
    /// workers; ten seconds to shut down.
    /// </summary>
    public static void ApplyDefaults(CqrsOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.InProcess.Concurrency = 4;
        options.InProcess.ShutdownTimeout = TimeSpan.FromSeconds(10);
        options.Retry.ImmediateRetries = 2;
        options.Retry.Delays = [TimeSpan.FromMilliseconds(10), TimeSpan.FromMilliseconds(10)];
    }
}
