using Azure.Identity;
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

    public const string ServiceBusSection = "Cqrs:ServiceBus";

    public static IServiceCollection AddSampleBuses(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOptions<CqrsOptions>().BindConfiguration(CqrsOptions.SectionName);
        services.AddOptions<DeliveryOptions>().BindConfiguration(DeliveryOptions.SectionName);
        var cqrs = services.AddCqrs(Cqrs.Generated.SampleDomainMessageRegistry.Instance);
        if (TransportOf(configuration) == TransportMode.ServiceBus)
        {
            cqrs.UseServiceBus(options => ConfigureServiceBus(options, configuration.GetSection(ServiceBusSection)));
        }

        // The transport's receivers start with the worker's host, not with its first HTTP call.
        cqrs.AddSampleDomainServices().UseInMemoryStore();
        return services;
    }

    public static TransportMode TransportOf(IConfiguration configuration) =>
        configuration[TransportKey] is { Length: > 0 } value
            ? Enum.Parse<TransportMode>(value, ignoreCase: true)
            : TransportMode.InProcess;

    private static void ConfigureServiceBus(ServiceBusOptions options, IConfigurationSection section)
    {
        section.Bind(options);
        if (options.ConnectionString is null && options.FullyQualifiedNamespace is not null)
        {
            // In Azure: the app's user-assigned managed identity, named by its client id (AZURE_CLIENT_ID).
            options.Credential = new DefaultAzureCredential(new DefaultAzureCredentialOptions
            {
                ManagedIdentityClientId = section["ManagedIdentityClientId"],
            });
        }
    }
}
