using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.Tests.Diagnostics;

namespace Cqrs.Functions.Tests.Support;

/// <summary>
/// The app in Service Bus mode: its worker sends commands and events through a local Service Bus broker, with the
/// entities the Bicep creates, and receives them with the processors it runs as hosted services. It exports its
/// telemetry with the Azure Monitor exporter to <see cref="Ingestion"/>.
/// </summary>
public class ServiceBusLocalHostFixture : LocalHostFixture, IDisposable
{
    public const double BrokerPricePerMillionOperationsUsd = 0.5;

    private readonly LocalIngestionEndpoint _ingestion = new();
    private LocalServiceBusBroker? _broker;

    /// <summary>Application Insights' ingestion endpoint, as the worker's exporter sees it.</summary>
    internal LocalIngestionEndpoint Ingestion => _ingestion;

    public override long? BrokerSends => _broker!.Operations.Sends;

    protected override async Task AddSettingsAsync(Dictionary<string, string?> settings)
    {
        _broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology()
            .AddQueue("cqrs-commands")
            .AddTopic("cqrs-events", topic => topic.AddSubscription("sample-functions")));
        settings["Cqrs__Transport"] = "ServiceBus";
        settings["Cqrs__ServiceBus__ConnectionString"] = _broker.ConnectionString;
        settings["Cqrs__ServiceBus__Subscription"] = "sample-functions";
        settings["APPLICATIONINSIGHTS_CONNECTION_STRING"] = _ingestion.ConnectionString;
        settings["Benchmark__ServiceBusPricePerMillionOperationsUsd"] = BrokerPricePerMillionOperationsUsd.ToString(System.Globalization.CultureInfo.InvariantCulture);
    }

    protected override async Task DisposeMoreAsync()
    {
        if (_broker is not null)
        {
            await _broker.DisposeAsync();
        }

    }

    /// <summary>Stops the ingestion endpoint, after the worker (xunit disposes asynchronously first).</summary>
    public void Dispose()
    {
        _ingestion.Dispose();
        GC.SuppressFinalize(this);
    }
}
