using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>The retention of completed sagas as configured; what it does over each store is in <see cref="SagaContractTests"/>.</summary>
public sealed class SagaRetentionTests
{
    [Fact]
    public void Purge_ByDefault_RunsAsAHostedServiceKeepingCompletedSagas7DaysAndLookingHourly()
    {
        using var host = SagaHost.Create(StoreSet.InMemory(), new TallyLog());

        Assert.Single(host.Services.GetServices<IHostedService>().OfType<SagaPurger>());
        Assert.Equal(TimeSpan.FromDays(7), new SagaOptions().CompletedRetention);
        Assert.Equal(TimeSpan.FromHours(1), new SagaOptions().CompletedPurgeInterval);
    }

    [Theory]
    [InlineData(0, 1, "CompletedRetention")]
    [InlineData(-5, 1, "CompletedRetention")]
    [InlineData(1, 0, "CompletedPurgeInterval")]
    public async Task Start_RetentionOrIntervalNotPositive_FailsNamingIt(int retentionSeconds, int intervalSeconds, string option)
    {
        using var host = SagaHost.Create(StoreSet.InMemory(), new TallyLog(), options =>
        {
            options.CompletedRetention = TimeSpan.FromSeconds(retentionSeconds);
            options.CompletedPurgeInterval = TimeSpan.FromSeconds(intervalSeconds);
        });

        var failure = await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());

        Assert.Contains(option, failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Start_InfiniteRetention_IsValidAndTheHostNeverPurges()
    {
        var clock = new FakeTimeProvider();
        using var host = SagaHost.Create(
            StoreSet.InMemory(new InMemoryStorage(clock)),
            new TallyLog(),
            options => options.CompletedRetention = Timeout.InfiniteTimeSpan,
            services: services => services.AddSingleton<TimeProvider>(clock));
        var bus = host.Services.GetRequiredService<ICommandBus>();
        await bus.SendAsync(new OpenTally("t-1"));
        await bus.SendAsync(new CloseTally("t-1"));
        clock.Advance(TimeSpan.FromDays(3650));

        await host.StartAsync();

        // The purge's loop ends at once: nothing under an infinite retention is ever old enough to go.
        var purger = host.Services.GetServices<IHostedService>().OfType<SagaPurger>().Single();
        await purger.ExecuteTask!.WaitAsync(Patience.Timeout);
        Assert.True((await host.Services.GetRequiredService<SagaRuntime<Tally>>().LoadAsync("t-1"))!.Completed);
        await host.StopAsync();
    }
}
