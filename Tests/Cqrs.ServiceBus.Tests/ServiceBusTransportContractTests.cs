using Cqrs.Testing;
using Cqrs.Tests.Shared;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// The shipped contract on the Service Bus transport: the real Azure.Messaging.ServiceBus client over AMQP to the local
/// broker, one broker per container, its command queue and event topic with duplicate detection on (as
/// <c>infra/main.bicep</c> deploys them), so every copy the pipeline makes must pass it, on session entities
/// (<see cref="ServiceBusOptions.RequiresSession"/>): the setting in which Service Bus keeps the whole contract, order
/// per key included. Dead letters are read back from the queue's and the subscription's dead-letter sub-queues.
/// </summary>
public sealed class ServiceBusTransportContractTests : TransportContractTests, IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new() { DuplicateDetection = true };

    /// <summary>The broker stamps the enqueued time, in whole milliseconds (AMQP timestamps).</summary>
    protected override TimeSpan EnqueuedTimeResolution => TimeSpan.FromMilliseconds(1);

    /// <summary>Duplicate detection drops what a retried handler sends again under the ids it sent under before.</summary>
    protected override bool DropsRepeatedIds => true;

    protected override void UseTransport(CqrsBuilder builder) =>
        _host.UseServiceBus(
            builder,
            settings =>
            {
                // Every unkeyed message is a session of its own: many slots, let go soon, for the suite's bulk cases.
                settings.RequiresSession = true;
                settings.MaxConcurrentSessions = 64;
                settings.SessionIdleTimeout = TimeSpan.FromMilliseconds(10);
            },
            entity => entity.RequiresSession = true);

    protected override Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider) => _host.DeadLettersOf(provider);

    public ValueTask DisposeAsync() => _host.DisposeAsync();
}
