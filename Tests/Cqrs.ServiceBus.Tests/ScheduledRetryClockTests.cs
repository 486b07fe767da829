using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.ServiceBus.Tests;

/// <summary>The transport times what it schedules by the container's <see cref="TimeProvider"/>, not the machine's clock.</summary>
public sealed class ScheduledRetryClockTests : IAsyncDisposable
{
    private static readonly TimeSpan RetryDelay = TimeSpan.FromHours(1);

    private readonly ServiceBusTestHost _host = new();

    public ValueTask DisposeAsync() => _host.DisposeAsync();

    [Fact]
    public async Task DelayedRetry_IsScheduledForTheContainersClockPlusTheDelay()
    {
        var clock = new FakeTimeProvider(new DateTimeOffset(2031, 5, 6, 7, 8, 9, TimeSpan.Zero));
        var provider = _host.Create(
            configure: options =>
            {
                options.Retry.ImmediateRetries = 0;
                options.Retry.Delays = [RetryDelay];
            },
            addServices: services => services.AddSingleton<TimeProvider>(clock));
        var broker = provider.GetRequiredService<LocalServiceBusBroker>();
        await using (provider)
        {
            await provider.GetRequiredService<ICommandBus>().SendAsync(new FlakyCommand(Guid.NewGuid(), Failures: 1));
            await provider.GetRequiredService<Recorder>().WaitForAsync<FlakyCommandHandler>();
        } // stopping lets the failed delivery settle: its retry is scheduled by then

        await using var client = new ServiceBusClient(broker.ConnectionString);
        await using var receiver = client.CreateReceiver(new ServiceBusOptions().CommandQueue);
        var retry = Assert.Single(await receiver.PeekMessagesAsync(maxMessages: 10));
        Assert.Equal(ServiceBusMessageState.Scheduled, retry.State);
        Assert.Equal(clock.GetUtcNow() + RetryDelay, retry.ScheduledEnqueueTime);
    }
}
