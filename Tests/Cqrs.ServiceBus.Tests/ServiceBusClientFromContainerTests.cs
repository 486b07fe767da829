using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.Azure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// The clients an app registers (<c>services.AddAzureClients(b =&gt; b.AddServiceBusClient(...))</c>) are the ones the
/// transport uses, with the app's own settings, and the container, not the transport, closes them.
/// </summary>
public sealed class ServiceBusClientFromContainerTests : IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new();

    public ValueTask DisposeAsync() => _host.DisposeAsync();

    /// <summary>
    /// No connection in the options at all, and an empty broker: the container's client carries the messages and its
    /// administration client provisions the entities.
    /// </summary>
    [Fact]
    public async Task ClientsRegisteredWithAddAzureClients_ProvisionAndCarryACommandToEventRoundTrip()
    {
        var broker = _host.StartBroker(new BrokerTopology());
        var services = new ServiceCollection();
        services.AddAzureClients(clients =>
        {
            clients.AddServiceBusClient(broker.ConnectionString);
            clients.AddServiceBusAdministrationClient(broker.AdministrationConnectionString);
        });
        ServiceBusTestHost.AddTestDomains(services).UseServiceBus(options => options.ProvisionTopology = true);
        await using var provider = ServiceBusTestHost.Build(services);
        provider.GetRequiredService<IStartupValidator>().Validate();
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());

        await recorder.WaitForAsync<ReserveInventory>();
        await recorder.WaitForAsync<NotifyCustomer>();
    }

    [Fact]
    public async Task ClientFromTheContainer_IsLeftOpenWhenTheTransportStops()
    {
        var broker = _host.StartBroker();
        await using var client = new ServiceBusClient(broker.ConnectionString);
        var services = new ServiceCollection();
        services.AddSingleton(client);
        ServiceBusTestHost.AddTestDomains(services).UseServiceBus(_ => { });
        await using (var provider = ServiceBusTestHost.Build(services))
        {
            await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
            await provider.GetRequiredService<Recorder>().WaitForAsync<ReserveInventory>();
        }

        Assert.False(client.IsClosed);
        await using var sender = client.CreateSender(new ServiceBusOptions().CommandQueue);
        await sender.SendMessageAsync(new ServiceBusMessage("still open"));
    }
}
