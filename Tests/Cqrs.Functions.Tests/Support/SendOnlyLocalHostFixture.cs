using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.Logging;

namespace Cqrs.Functions.Tests.Support;

/// <summary>
/// The app in Service Bus mode as a send-only front end (<c>Cqrs__SendOnly=true</c>): its worker takes commands over HTTP
/// and sends them to a local broker, with the entities the Bicep creates, whose receive links <see cref="Links"/> keeps.
/// </summary>
public sealed class SendOnlyLocalHostFixture : LocalHostFixture, IDisposable
{
    private readonly BrokerLinks _links = new();
    private readonly LoggerFactory _brokerLogs;
    private LocalServiceBusBroker? _broker;

    public SendOnlyLocalHostFixture() => _brokerLogs = new LoggerFactory([_links]);

    /// <summary>The addresses the broker's clients attached receive links to.</summary>
    internal BrokerLinks Links => _links;

    /// <summary>Deliveries the broker has made to receivers so far.</summary>
    public long BrokerReceives => _broker!.Operations.Receives;

    public override long? BrokerSends => _broker!.Operations.Sends;

    protected override async Task AddSettingsAsync(Dictionary<string, string?> settings)
    {
        _broker = await LocalServiceBusBroker.StartAsync(
            new BrokerTopology().AddQueue("cqrs-commands").AddTopic("cqrs-events", topic => topic.AddSubscription("sample-functions")),
            new LocalServiceBusBrokerOptions { LoggerFactory = _brokerLogs });
        settings["Cqrs__Transport"] = "ServiceBus";
        settings["Cqrs__ServiceBus__ConnectionString"] = _broker.ConnectionString;
        settings["Cqrs__ServiceBus__Subscription"] = "sample-functions";
        settings["Cqrs__SendOnly"] = "true";
    }

    /// <summary>Stops the broker's logging, after the broker (xunit disposes asynchronously first).</summary>
    public void Dispose()
    {
        _brokerLogs.Dispose();
        _links.Dispose();
    }

    protected override async Task DisposeMoreAsync()
    {
        if (_broker is not null)
        {
            await _broker.DisposeAsync();
        }
    }
}
