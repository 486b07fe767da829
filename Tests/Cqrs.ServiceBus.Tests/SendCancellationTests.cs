using Cqrs.ServiceBus.LocalBroker;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.ServiceBus.Tests;

/// <summary>A caller's cancellation of a send reaches the caller as cancellation, whether the send is still to go or on the wire.</summary>
public sealed class SendCancellationTests : IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new();

    public ValueTask DisposeAsync() => _host.DisposeAsync();

    /// <summary>
    /// One handler call at a time on a first-in-first-out queue: had the cancelled command been sent, it would have been
    /// handled before the one sent after it.
    /// </summary>
    [Fact]
    public async Task Send_WithATokenAlreadyCancelled_ThrowsOperationCanceled_AndSendsNothing()
    {
        await using var provider = _host.Create(transport: options => options.MaxConcurrentCalls = 1);
        var bus = provider.GetRequiredService<ICommandBus>();
        var recorder = provider.GetRequiredService<Recorder>();
        using var cancellation = new CancellationTokenSource();
        await cancellation.CancelAsync();

        var cancelled = await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await bus.SendAsync(new FlakyCommand(Guid.NewGuid(), Failures: 0), cancellation.Token));
        var sent = new FlakyCommand(Guid.NewGuid(), Failures: 0);
        await bus.SendAsync(sent);

        Assert.Equal(cancellation.Token, cancelled.CancellationToken);
        var handled = Assert.Single(await recorder.WaitForAsync<FlakyCommandHandler>());
        Assert.Equal(sent, handled.Message);
    }

    /// <summary>Every byte to and from the broker is held a while, so the send is under way when it is cancelled.</summary>
    [Fact]
    public async Task Send_CancelledWhileOnTheWire_ThrowsOperationCanceled()
    {
        var broker = _host.StartBroker(options: new LocalServiceBusBrokerOptions { NetworkDelay = TimeSpan.FromMilliseconds(200) });
        var services = new ServiceCollection();
        ServiceBusTestHost.AddTestDomains(services).UseServiceBus(options => options.ConnectionString = broker.ConnectionString);
        await using var provider = ServiceBusTestHost.Build(services);
        var bus = provider.GetRequiredService<ICommandBus>();
        await bus.SendAsync(new FlakyCommand(Guid.NewGuid(), Failures: 0)); // opens the link
        using var cancellation = new CancellationTokenSource();

        var sending = bus.SendAsync(new FlakyCommand(Guid.NewGuid(), Failures: 0), cancellation.Token).AsTask();
        Assert.False(sending.IsCompleted, "The broker cannot have answered: every byte is held 200 ms each way.");
        await cancellation.CancelAsync();

        var cancelled = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => sending);
        Assert.Equal(cancellation.Token, cancelled.CancellationToken);
    }
}
