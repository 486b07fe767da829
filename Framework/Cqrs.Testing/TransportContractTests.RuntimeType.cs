using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>Messages sent as an interface or base class travel as their runtime type.</summary>
public abstract partial class TransportContractTests
{
    /// <summary>A command sent as <see cref="ICommand"/> travels as its runtime type, under its wire name, to its handler.</summary>
    [Fact]
    public async Task Send_CommandAsItsInterface_ReachesItsHandlerAndRaisesItsEvents()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        ICommand order = SampleOrders.Valid();

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync<ICommand>(order);

        var delivery = Assert.Single(await recorder.WaitForAsync<SubmitOrderHandler>());
        Assert.Equal((sent.MessageId, "tests.v1.submit-order"), (delivery.MessageId, delivery.WireName));
        var received = Assert.IsType<SubmitOrder>(delivery.Message);
        Assert.Equal(((SubmitOrder)order).Customer, received.Customer);
        Assert.Equal(((SubmitOrder)order).Lines, received.Lines);
        Assert.Single(await recorder.WaitForAsync<ReserveInventory>());
    }

    /// <summary>An event published as <see cref="IEvent"/> travels as its runtime type to each of its handlers.</summary>
    [Fact]
    public async Task Publish_EventAsItsInterface_ReachesEveryEventHandler()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var @event = new OrderSubmitted(Guid.NewGuid(), 12.5m, ItemCount: 2, OrderPriority.Express);

        await provider.GetRequiredService<IEventBus>().PublishAsync<IEvent>(@event);

        Assert.Equal(@event, Assert.Single(await recorder.WaitForAsync<ReserveInventory>()).Message);
        Assert.Equal(@event, Assert.Single(await recorder.WaitForAsync<NotifyCustomer>()).Message);
    }

    /// <summary>Sending null throws <see cref="ArgumentNullException"/>.</summary>
    [Fact]
    public async Task Send_NullAsItsInterface_Throws()
    {
        await using var provider = CreateProvider();

        await Assert.ThrowsAsync<ArgumentNullException>(() => provider.GetRequiredService<ICommandBus>().SendAsync<ICommand>(null!).AsTask());
    }
}
