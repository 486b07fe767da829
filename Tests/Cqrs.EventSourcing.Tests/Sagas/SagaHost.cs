using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>A container with this assembly's sagas over a given store, in direct dispatch unless told, failures dead-lettered at once.</summary>
internal static class SagaHost
{
    /// <summary>
    /// A host, not started: its timeout scheduler runs only once a test starts it, as a restarted process would.
    /// <paramref name="transport"/> puts the buses on another transport (direct dispatch is then off); <paramref name="services"/> adds services.
    /// </summary>
    public static IHost Create(
        StoreSet store, TallyLog log, Action<SagaOptions>? sagas = null, bool direct = true, Action<CqrsBuilder>? transport = null, Action<IServiceCollection>? services = null)
    {
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Services.AddSingleton(log);
        services?.Invoke(builder.Services);
        builder.Services.AddSingleton<Support.Deliveries>();
        builder.Services.AddSingleton<Support.DepositGate>();
        builder.Services.AddSingleton<Support.Refunds>();
        builder.Services.AddSingleton<Support.Credits>();
        builder.Services.AddSingleton<Conflicts.CountLog>();
        builder.Services.AddSampleDomain(options =>
        {
            options.DirectDispatch = direct && transport is null;
            options.Retry.ImmediateRetries = 0;
            options.Retry.Delays.Clear();
        }).ConfigureSagas(options => sagas?.Invoke(options));
        store.RegisterIn(builder.Services);
        var cqrs = builder.Services.AddCqrs(Cqrs.Generated.CqrsEventSourcingTestsMessageRegistry.Instance);
        transport?.Invoke(cqrs);
        return builder.Build();
    }
}
