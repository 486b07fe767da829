using Cqrs.Generated;
using Cqrs.Testing;
using Cqrs.Tests.Domain.Building;
using Cqrs.Tests.Domain.Cancelling;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.QuickStart;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Tests.Support;

/// <summary>
/// Builds the containers tests run in: the handlers and probes of this assembly's test domain and of Cqrs.Testing's,
/// settings that keep failures fast (<see cref="TestDomain.ApplyDefaults"/>), and a provider that validates itself on
/// build and checks scopes.
/// </summary>
internal static class TestHost
{
    private static readonly ServiceProviderOptions Validating = new() { ValidateOnBuild = true, ValidateScopes = true };

    /// <summary>A container with this assembly's generated registry, through the generated <c>AddCqrs</c> overload, and Cqrs.Testing's.</summary>
    public static ServiceProvider Create(Action<CqrsOptions>? configure = null, Action<IServiceCollection>? addServices = null)
    {
        var services = CreateServices(configure);
        addServices?.Invoke(services);
        return Build(services);
    }

    /// <summary>The services <see cref="Create"/> builds its container from.</summary>
    public static ServiceCollection CreateServices(Action<CqrsOptions>? configure = null)
    {
        var services = new ServiceCollection();
        AddTestDomain(services, configure, AddBothRegistries);
        return services;
    }

    /// <summary>The builder <c>AddCqrs</c> returned for <paramref name="services"/>, to add a transport to.</summary>
    public static CqrsBuilder BuilderOf(IServiceCollection services) =>
        (CqrsBuilder)services.Last(service => service.ServiceType == typeof(CqrsBuilder)).ImplementationInstance!;

    /// <summary>A container that validates itself on build and checks scopes.</summary>
    public static ServiceProvider Build(IServiceCollection services) => services.BuildServiceProvider(Validating);

    /// <summary>A container with <paramref name="registry"/> instead of this assembly's.</summary>
    public static ServiceProvider CreateWith(IMessageRegistry registry, Action<CqrsOptions>? configure = null)
    {
        var services = new ServiceCollection();
        AddTestDomain(services, configure, (services, options) => services.AddCqrs(registry, options));
        return services.BuildServiceProvider(Validating);
    }

    /// <summary>A generic host (nothing else in it: no configuration files, no loggers) around the same container.</summary>
    public static IHost CreateHost(Action<CqrsOptions>? configure = null, Action<IServiceCollection>? addServices = null)
    {
        var builder = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
        AddTestDomain(builder.Services, configure, AddBothRegistries);
        addServices?.Invoke(builder.Services);
        builder.ConfigureContainer(new DefaultServiceProviderFactory(Validating));
        return builder.Build();
    }

    private static void AddBothRegistries(IServiceCollection services, Action<CqrsOptions> configure) =>
        services.AddCqrs(configure).AddRegistry(CqrsTestingMessageRegistry.Instance);

    private static void AddTestDomain(
        IServiceCollection services, Action<CqrsOptions>? configure, Action<IServiceCollection, Action<CqrsOptions>> addCqrs)
    {
        void Configure(CqrsOptions options)
        {
            TestDomain.ApplyDefaults(options);
            configure?.Invoke(options);
        }

        var settings = new CqrsOptions();
        Configure(settings);
        TestDomain.AddProbes(services);
        services.AddSingleton<ValidationScopes>();
        services.AddSingleton<Gate>();
        services.AddSingleton<CallerCancellation>();
        services.AddSingleton<Ledger>();
        services.AddSingleton<Stock>();
        services.AddSingleton<Mailer>();
        services.AddSingleton<Constructions>();
        services.AddSingleton<Workshop>();
        services.Add(ServiceDescriptor.Describe(typeof(DeliveryScope), typeof(DeliveryScope), settings.HandlerLifetime));
        addCqrs(services, Configure);
    }
}
