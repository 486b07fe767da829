using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain;

namespace Cqrs.EventSourcing.Tests;

/// <summary>The sample domain over a given store, with this assembly's delivery counter, in a host.</summary>
internal static class Domain
{
    /// <summary>The host, started: the outbox sweeper runs (its first sweep at some point after the start).</summary>
    public static IHost Start(StoreSet store, Action<EventSourcingOptions>? configure = null, bool direct = false)
    {
        var host = Create(store, configure, direct);
        host.Start();
        return host;
    }

    /// <summary>
    /// The host, not started: no sweeper runs, so a test sweeps when it chooses. <paramref name="transport"/> puts the
    /// buses on another transport than the in-process one; <paramref name="addServices"/> adds a test's own services.
    /// </summary>
    public static IHost Create(
        StoreSet store,
        Action<EventSourcingOptions>? configure = null,
        bool direct = false,
        Action<CqrsOptions>? configureCqrs = null,
        Action<CqrsBuilder>? transport = null,
        Action<IServiceCollection>? addServices = null)
    {
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Services.AddSingleton<Deliveries>();
        builder.Services.AddSingleton<Conflicts.CountLog>();
        builder.Services.AddSingleton<DepositGate>();
        builder.Services.AddSingleton<Refunds>();
        builder.Services.AddSingleton<Credits>();
        builder.Services.AddSingleton<Sagas.TallyLog>();
        builder.Services.AddSampleDomain(options =>
        {
            options.DirectDispatch = direct;
            configureCqrs?.Invoke(options);
        });
        store.RegisterIn(builder.Services);
        var cqrs = builder.Services.AddCqrs(Cqrs.Generated.CqrsEventSourcingTestsMessageRegistry.Instance);
        transport?.Invoke(cqrs);
        builder.Services.Configure<EventSourcingOptions>(options =>
        {
            options.OutboxSweepInterval = TimeSpan.FromMilliseconds(50);
            configure?.Invoke(options);
        });
        addServices?.Invoke(builder.Services);
        return builder.Build();
    }
}
