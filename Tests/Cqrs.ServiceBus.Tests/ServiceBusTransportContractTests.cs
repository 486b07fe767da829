using Cqrs.Testing;
using Cqrs.Tests.Shared;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// The shipped contract on the Service Bus transport: the real Azure.Messaging.ServiceBus client over AMQP to the local
/// broker, one broker per container. Dead letters are read back from the queue's and the subscription's dead-letter sub-queues.
/// </summary>
public sealed class ServiceBusTransportContractTests : TransportContractTests, IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new();

    /// <summary>The broker stamps the enqueued time, in whole milliseconds (AMQP timestamps).</summary>
    protected override TimeSpan EnqueuedTimeResolution => TimeSpan.FromMilliseconds(1);

    protected override void UseTransport(CqrsBuilder builder) => _host.UseServiceBus(builder);

    protected override Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider) => _host.DeadLettersOf(provider);

    public ValueTask DisposeAsync() => _host.DisposeAsync();
}
