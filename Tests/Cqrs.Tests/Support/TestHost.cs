using Cqrs.Tests.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Support;

/// <summary>
/// Builds the containers tests run in: the test domain's handlers and their probes, settings that keep failures
/// fast (retries 10 ms apart), and a provider that validates itself on build and checks scopes.
/// </summary>
internal static class TestHost
{
    /// <summary>A container with this assembly's generated registry, through the generated <c>AddCqrs</c> overload.</summary>
    public static ServiceProvider Create(Action<CqrsOptions>? configure = null, Action<IServiceCollection>? addServices = null) =>
        Build(configure, addServices, (services, options) => services.AddCqrs(options));

    /// <summary>A container with <paramref name="registry"/> instead of this assembly's.</summary>
    public static ServiceProvider CreateWith(IMessageRegistry registry, Action<CqrsOptions>? configure = null) =>
        Build(configure, addServices: null, (services, options) => services.AddCqrs(registry, options));

    private static ServiceProvider Build(
        Action<CqrsOptions>? configure, Action<IServiceCollection>? addServices, Action<IServiceCollection, Action<CqrsOptions>> addCqrs)
    {
        void Configure(CqrsOptions options)
        {
            options.InProcess.Concurrency = 4;
            options.InProcess.ShutdownTimeout = TimeSpan.FromSeconds(10);
            options.Retry.ImmediateRetries = 2;
            options.Retry.Delays = [TimeSpan.FromMilliseconds(10), TimeSpan.FromMilliseconds(10)];
            configure?.Invoke(options);
        }

        var settings = new CqrsOptions();
        Configure(settings);
        IServiceCollection services = new ServiceCollection();
        services.AddSingleton<Recorder>();
        services.AddSingleton<Tally>();
        services.AddSingleton<Gate>();
        services.AddSingleton<Ledger>();
        services.Add(ServiceDescriptor.Describe(typeof(DeliveryScope), typeof(DeliveryScope), settings.HandlerLifetime));
        addCqrs(services, Configure);
        addServices?.Invoke(services);
        return services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
    }
}
