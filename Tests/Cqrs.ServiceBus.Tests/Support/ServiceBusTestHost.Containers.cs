using Cqrs.Generated;
using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.ServiceBus.Tests.Domain.Parting;
using Cqrs.ServiceBus.Tests.Domain.Stalling;
using Cqrs.Testing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Tests.Shared;

/// <summary>
/// This project's containers: Cqrs.Testing's test domain and this assembly's, with the suite's fast-failing settings
/// (<see cref="TestDomain.ApplyDefaults"/>); they validate themselves on build and check scopes.
/// </summary>
internal sealed partial class ServiceBusTestHost
{
    /// <summary>Validates a container on build and checks scopes.</summary>
    public static readonly ServiceProviderOptions Validating = new() { ValidateOnBuild = true, ValidateScopes = true };

    /// <summary>A container on a new broker; <paramref name="entity"/> tunes the entities, <paramref name="addServices"/> adds services.</summary>
    public ServiceProvider Create(
        Action<CqrsOptions>? configure = null,
        Action<ServiceBusOptions>? transport = null,
        Action<EntityOptions>? entity = null,
        Action<IServiceCollection>? addServices = null)
    {
        var services = new ServiceCollection();
        UseServiceBus(AddTestDomains(services, configure), transport, entity);
        addServices?.Invoke(services);
        return Build(services);
    }

    /// <summary>
    /// A container on <paramref name="broker"/> that provisions its own entities (<see cref="ServiceBusOptions.ProvisionTopology"/>)
    /// over the broker's administration endpoint; <paramref name="transport"/> tunes the rest.
    /// </summary>
    public static ServiceProvider CreateProvisioning(LocalServiceBusBroker broker, Action<ServiceBusOptions>? transport = null)
    {
        var services = new ServiceCollection();
        AddTestDomains(services).UseServiceBus(settings =>
        {
            settings.ConnectionString = broker.ConnectionString;
            settings.AdministrationConnectionString = broker.AdministrationConnectionString;
            settings.ProvisionTopology = true;
            transport?.Invoke(settings);
        });
        return Build(services);
    }

    /// <summary>A container that validates itself on build and checks scopes.</summary>
    public static ServiceProvider Build(IServiceCollection services) => services.BuildServiceProvider(Validating);

    /// <summary>
    /// A generic host, not started, as one process of an app: its buses on <paramref name="broker"/>, which it provisions
    /// (<see cref="ServiceBusOptions.ProvisionTopology"/>); <paramref name="configure"/> and <paramref name="transport"/> tune them.
    /// </summary>
    public static IHost CreateHost(LocalServiceBusBroker broker, Action<CqrsOptions>? configure = null, Action<ServiceBusOptions>? transport = null)
    {
        var builder = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
        AddTestDomains(builder.Services, configure).UseServiceBus(settings =>
        {
            settings.ConnectionString = broker.ConnectionString;
            settings.AdministrationConnectionString = broker.AdministrationConnectionString;
            settings.ProvisionTopology = true;
            transport?.Invoke(settings);
        });
        builder.ConfigureContainer(new DefaultServiceProviderFactory(Validating));
        return builder.Build();
    }

    /// <summary>Registers both test domains and their probes, and the buses, still on the in-process transport.</summary>
    public static CqrsBuilder AddTestDomains(IServiceCollection services, Action<CqrsOptions>? configure = null)
    {
        services.AddSingleton<StallRelease>();
        services.AddSingleton<PartedHold>();
        return TestDomain.Add(services, configure).AddRegistry(CqrsServiceBusTestsMessageRegistry.Instance);
    }
}
