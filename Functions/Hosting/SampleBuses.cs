using Cqrs;
using Cqrs.ServiceBus;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Sample.Domain;
using Sample.Domain.Deliveries;

namespace Sample.Functions.Hosting;

/// <summary>The buses of the sample app, on the transport <c>Cqrs:Transport</c> names.</summary>
internal static class SampleBuses
{
    public const string TransportKey = "Cqrs:Transport";

    public static IServiceCollection AddSampleBuses(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOptions<DeliveryOptions>().BindConfiguration(DeliveryOptions.SectionName);
        var cqrs = services.AddCqrs(Cqrs.Generated.SampleDomainMessageRegistry.Instance);
        if (TransportOf(configuration) == TransportMode.ServiceBus)
        {
            // A connection string locally; in Azure a namespace, connected to as the app's managed identity.
            cqrs.UseServiceBus(configuration.GetSection(ServiceBusOptions.SectionName));
        }

        // The transport's receivers start with the worker's host, not with its first HTTP call.
        cqrs.AddSampleDomainServices().UseInMemoryStore();
        return services;
    }

    public static TransportMode TransportOf(IConfiguration configuration) =>
        configuration[TransportKey] is { Length: > 0 } value
            ? Enum.Parse<TransportMode>(value, ignoreCase: true)
            : TransportMode.InProcess;
}
