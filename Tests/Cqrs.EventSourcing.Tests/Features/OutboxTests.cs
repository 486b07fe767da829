using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Features;

public sealed class OutboxTests
{
    [Fact]
    public async Task Events_published_but_not_marked_are_marked_by_the_sweep_and_not_published_again()
    {
        var store = new MarkFailingStore(failures: 2);
        using var host = Domain.Create(store, direct: true);
        var bus = host.Services.GetRequiredService<ICommandBus>();

        await bus.SendAsync(new OpenAccount("acc-1", "Ada"));
        await bus.SendAsync(new Deposit("acc-1", 5m));
        var unmarked = (await store.ReadUnpublishedAsync(10)).Count;
        var publisher = host.Services.GetRequiredService<OutboxPublisher>();
        var republished = await publisher.SweepAsync(CancellationToken.None);

        Assert.Equal(2, unmarked);
        Assert.Equal(0, republished);
        Assert.Empty(await store.ReadUnpublishedAsync(10));
        Assert.Equal([1], host.Services.GetRequiredService<Deliveries>().ByMessageId.Values);
        Assert.Equal(["Ada"], host.Services.GetRequiredService<WelcomeMessages>().Sent);
    }
}
