using Azure.Messaging.ServiceBus;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// <see cref="ServiceBusOptions"/> as an app sets them: bound from its configuration's <c>Cqrs:ServiceBus</c> section,
/// code setting what configuration cannot hold, and validated when the host starts.
/// </summary>
public sealed class ServiceBusOptionsTests
{
    private const string ConnectionString = "Endpoint=sb://localhost:5672;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=local;UseDevelopmentEmulator=true";

    [Fact]
    public void UseServiceBus_WithAConfigurationSection_BindsItsKeysOverThoseSetInCode()
    {
        using var host = CreateHost(
            new()
            {
                ["Cqrs:ServiceBus:ConnectionString"] = ConnectionString,
                ["Cqrs:ServiceBus:CommandQueue"] = "orders-commands",
                ["Cqrs:ServiceBus:Subscription"] = "billing",
                ["Cqrs:ServiceBus:MaxConcurrentCalls"] = "4",
                ["Cqrs:ServiceBus:PrefetchCount"] = "20",
                ["Cqrs:ServiceBus:LockDuration"] = "00:00:30",
                ["Cqrs:ServiceBus:ManagedIdentityClientId"] = "client-id",
                ["Cqrs:ServiceBus:RequiresDuplicateDetection"] = "true",
                ["Cqrs:ServiceBus:DuplicateDetectionHistoryTimeWindow"] = "00:02:00",
                ["Cqrs:ServiceBus:ClientOptions:TransportType"] = "AmqpWebSockets",
                ["Cqrs:ServiceBus:ClientOptions:RetryOptions:MaxRetries"] = "7",
                ["Cqrs:ServiceBus:ClientOptions:RetryOptions:TryTimeout"] = "00:00:15",
            },
            options =>
            {
                options.MaxConcurrentCalls = 2;
                options.EventTopic = "orders-events";
            });

        var options = host.Services.GetRequiredService<IOptions<ServiceBusOptions>>().Value;
        var topology = host.Services.GetRequiredService<ServiceBusTopology>();

        Assert.Equal((ConnectionString, "orders-commands", "orders-events", "billing"), (options.ConnectionString, topology.CommandQueue, topology.EventTopic, topology.Subscription));
        Assert.Equal((4, 20, TimeSpan.FromSeconds(30), "client-id"), (options.MaxConcurrentCalls, options.PrefetchCount, options.LockDuration, options.ManagedIdentityClientId));
        Assert.Equal((true, TimeSpan.FromMinutes(2)), (options.RequiresDuplicateDetection, options.DuplicateDetectionHistoryTimeWindow));
        Assert.Equal(ServiceBusTransportType.AmqpWebSockets, options.ClientOptions.TransportType);
        Assert.Equal((7, TimeSpan.FromSeconds(15)), (options.ClientOptions.RetryOptions.MaxRetries, options.ClientOptions.RetryOptions.TryTimeout));
    }

    [Fact]
    public async Task Start_WithNeitherAConnectionStringNorANamespaceNorAClient_FailsNamingWhatToSet()
    {
        using var host = CreateHost([]);

        var failure = await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());

        var error = Assert.Single(failure.Failures);
        Assert.Contains("ServiceBusOptions.ConnectionString", error, StringComparison.Ordinal);
        Assert.Contains("ServiceBusOptions.FullyQualifiedNamespace", error, StringComparison.Ordinal);
        Assert.Contains("AddServiceBusClient", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Start_WithSettingsThatCannotWork_FailsWithEveryProblem()
    {
        using var host = CreateHost(new()
        {
            ["Cqrs:ServiceBus:ConnectionString"] = ConnectionString,
            ["Cqrs:ServiceBus:FullyQualifiedNamespace"] = "contoso.servicebus.windows.net",
            ["Cqrs:ServiceBus:MaxConcurrentCalls"] = "0",
            ["Cqrs:ServiceBus:PrefetchCount"] = "-1",
            ["Cqrs:ServiceBus:MaxBatchSize"] = "0",
            ["Cqrs:ServiceBus:LockDuration"] = "00:00:00",
            ["Cqrs:ServiceBus:ShutdownTimeout"] = "00:00:00",
            ["Cqrs:ServiceBus:CommandQueue"] = " ",
            ["Cqrs:ServiceBus:DuplicateDetectionHistoryTimeWindow"] = "00:00:19",
        });

        var failure = await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());

        Assert.Equal(8, failure.Failures.Count());
        Assert.Contains(failure.Failures, error => error.Contains("ConnectionString or ServiceBusOptions.FullyQualifiedNamespace, not both", StringComparison.Ordinal));
        Assert.Contains(failure.Failures, error => error.StartsWith("ServiceBusOptions.MaxConcurrentCalls must be at least 1; it is 0.", StringComparison.Ordinal));
        Assert.Contains(failure.Failures, error => error.StartsWith("ServiceBusOptions.PrefetchCount must not be negative", StringComparison.Ordinal));
        Assert.Contains(failure.Failures, error => error.StartsWith("ServiceBusOptions.MaxBatchSize must be at least 1", StringComparison.Ordinal));
        Assert.Contains(failure.Failures, error => error.StartsWith("ServiceBusOptions.LockDuration must be positive", StringComparison.Ordinal));
        Assert.Contains(failure.Failures, error => error.StartsWith("ServiceBusOptions.ShutdownTimeout must be positive", StringComparison.Ordinal));
        Assert.Contains(failure.Failures, error => error.StartsWith("ServiceBusOptions.CommandQueue must name an entity", StringComparison.Ordinal));
        Assert.Contains(failure.Failures, error => error == "ServiceBusOptions.DuplicateDetectionHistoryTimeWindow must be from 00:00:20 to 7.00:00:00, as Service Bus allows; it is 00:00:19.");
    }

    /// <summary>A namespace alone will do: the transport connects to it as a <c>DefaultAzureCredential</c>.</summary>
    [Fact]
    public void Validate_WithANamespaceAndNoCredential_Passes()
    {
        using var host = CreateHost(new() { ["Cqrs:ServiceBus:FullyQualifiedNamespace"] = "contoso.servicebus.windows.net" });

        host.Services.GetRequiredService<IStartupValidator>().Validate();

        Assert.Null(host.Services.GetRequiredService<IOptions<ServiceBusOptions>>().Value.Credential);
    }

    /// <summary>A host whose configuration holds <paramref name="settings"/>, its buses on Service Bus as the section and <paramref name="configure"/> say; not started.</summary>
    private static IHost CreateHost(Dictionary<string, string?> settings, Action<ServiceBusOptions>? configure = null)
    {
        var builder = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
        builder.Configuration.AddInMemoryCollection(settings);
        ServiceBusTestHost.AddTestDomains(builder.Services).UseServiceBus(builder.Configuration.GetSection(ServiceBusOptions.SectionName), configure);
        builder.ConfigureContainer(new DefaultServiceProviderFactory(ServiceBusTestHost.Validating));
        return builder.Build();
    }
}
