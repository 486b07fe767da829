using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.EventSourcing.Tests.Features;

public sealed class InboxRetentionTests
{
    [Fact]
    public async Task Purge_RecordsOlderThanTheRetention_ForgetsThemAndKeepsTheRest()
    {
        var now = DateTimeOffset.UtcNow;
        var clock = new FakeTimeProvider(now.AddDays(-2));
        var store = StoreSet.InMemory(new InMemoryStorage(clock));
        var old = Guid.NewGuid();
        var recent = Guid.NewGuid();
        await store.MarkHandledAsync("app.handler", old);
        clock.SetUtcNow(now.AddHours(-12));
        await store.MarkHandledAsync("app.handler", recent);
        clock.SetUtcNow(now);
        using var host = Domain.Create(store, options => options.InboxRetention = TimeSpan.FromDays(1));
        var purger = host.Services.GetRequiredService<InboxPurger>();

        var purged = await purger.PurgeAsync(CancellationToken.None);

        Assert.Equal(1, purged);
        Assert.False(await store.IsHandledAsync("app.handler", old));
        Assert.True(await store.IsHandledAsync("app.handler", recent));
    }

    [Fact]
    public void Purge_ByDefault_RunsAsAHostedServiceWithARetentionOf7Days()
    {
        using var host = Domain.Create(StoreSet.InMemory());

        Assert.Single(host.Services.GetServices<IHostedService>().OfType<InboxPurger>());
        Assert.Equal(TimeSpan.FromDays(7), new EventSourcingOptions().InboxRetention);
    }
}
