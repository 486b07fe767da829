using Cqrs.Testing.Domain.Orders;
using Cqrs.Tests.Support;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>A stored message to deliver later goes only to a transport that keeps it durably until then.</summary>
public sealed class ScheduledStoredMessageTests
{
    [Fact]
    public async Task PublishStored_ToDeliverLater_OnTheInProcessTransport_FailsClearlyAndDeliversNothing()
    {
        await using var provider = TestHost.Create();
        var body = Payloads.Of(provider, new OrderSubmitted(Guid.NewGuid(), 1m, ItemCount: 1, OrderPriority.Express));
        var stored = new StoredMessage("tests.v1.order-submitted", Guid.CreateVersion7(), Guid.NewGuid(), Guid.Empty, body, new StreamPosition("orders-1", 1));
        var delivery = new StoredDelivery(stored.Stream) { DeliverAt = DateTimeOffset.UtcNow.AddHours(1) };

        var error = await Assert.ThrowsAsync<NotSupportedException>(
            () => provider.GetRequiredService<IMessageStorePipeline>().PublishAsync(stored, delivery, cause: null, CancellationToken.None).AsTask());

        Assert.Contains("does not schedule messages durably", error.Message, StringComparison.Ordinal);
        Assert.False(delivery.Delivered.IsCompleted);
    }
}
