using Cqrs.Pipeline;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.Tests.Pipeline;

/// <summary>Messages are stamped by the container's <see cref="TimeProvider"/>, so a test can set their time.</summary>
public sealed class TimeProviderTests
{
    private static readonly DateTimeOffset Then = new(2001, 2, 3, 4, 5, 6, TimeSpan.Zero);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PublishAsync_StampsTheEventWithTheContainersClock(bool directDispatch)
    {
        await using var provider = Create(directDispatch);
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<IEventBus>().PublishAsync(new OrderSubmitted(Guid.NewGuid(), 1m, ItemCount: 1, OrderPriority.Express));

        var delivery = Assert.Single(await recorder.WaitForAsync<ReserveInventory>());
        Assert.Equal(Then, delivery.EnqueuedTime);
        Assert.Equal(Then.ToUnixTimeMilliseconds(), MessageIdsTests.UnixMillisecondsOf(delivery.MessageId));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PublishStoredAsync_StampsTheEventWithTheContainersClock(bool directDispatch)
    {
        await using var provider = Create(directDispatch);
        var recorder = provider.GetRequiredService<Recorder>();
        var body = Payloads.Of(provider, new OrderSubmitted(Guid.NewGuid(), 1m, ItemCount: 1, OrderPriority.Express));
        var stored = new StoredMessage("tests.v1.order-submitted", Guid.CreateVersion7(), Guid.NewGuid(), Guid.Empty, body, new StreamPosition("orders-1", 1));

        await provider.GetRequiredService<IMessageStorePipeline>().PublishAsync(stored, new StoredDelivery(stored.Stream), cause: null, CancellationToken.None);

        Assert.Equal(Then, Assert.Single(await recorder.WaitForAsync<NotifyCustomer>()).EnqueuedTime);
    }

    private static ServiceProvider Create(bool directDispatch) =>
        TestHost.Create(options => options.DirectDispatch = directDispatch, services => services.AddSingleton<TimeProvider>(new FakeTimeProvider(Then)));
}
