using Cqrs.Pipeline;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// The transport starts once: with the host, or, in a container with no host, on the first send. Building the
/// container and resolving the buses start nothing.
/// </summary>
public sealed class TransportStartTests
{
    [Fact]
    public async Task ResolvingTheBusesAndThePipeline_DoesNotStartTheTransport()
    {
        var transport = new StartCountingTransport();
        await using var provider = TestHost.Create(addServices: services => services.Replace(ServiceDescriptor.Singleton<ITransport>(transport)));

        provider.GetRequiredService<ICommandBus>();
        provider.GetRequiredService<IEventBus>();
        provider.GetRequiredService<IQueryBus>();
        provider.GetRequiredService<MessagePipeline>();

        Assert.Equal(0, transport.Starts);
    }

    [Fact]
    public async Task FirstSends_WithNoHost_StartTheTransportOnce()
    {
        var transport = new StartCountingTransport();
        await using var provider = TestHost.Create(addServices: services => services.Replace(ServiceDescriptor.Singleton<ITransport>(transport)));
        var bus = provider.GetRequiredService<ICommandBus>();

        await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => Task.Run(() => bus.SendAsync(SampleOrders.Valid()).AsTask())));
        await provider.GetRequiredService<IEventBus>().PublishAsync(new OrderSubmitted(Guid.NewGuid(), 1m, ItemCount: 1, OrderPriority.Express));

        Assert.Equal(1, transport.Starts);
        Assert.Equal(9, transport.Sent);
    }

    [Fact]
    public async Task PublishStored_WithNoHost_StartsTheTransport()
    {
        var transport = new StartCountingTransport();
        await using var provider = TestHost.Create(addServices: services => services.Replace(ServiceDescriptor.Singleton<ITransport>(transport)));
        var body = Payloads.Of(provider, new OrderSubmitted(Guid.NewGuid(), 1m, ItemCount: 1, OrderPriority.Express));
        var stored = new StoredMessage("tests.v1.order-submitted", Guid.CreateVersion7(), Guid.NewGuid(), Guid.Empty, body, new StreamPosition("orders-1", 1));

        await provider.GetRequiredService<IMessageStorePipeline>().PublishAsync(stored, new StoredDelivery(stored.Stream), cause: null, CancellationToken.None);

        Assert.Equal(1, transport.Starts);
    }

    [Fact]
    public async Task HostStart_StartsTheTransport_AndSendsStartItNoMore()
    {
        var transport = new StartCountingTransport();
        using var host = TestHost.CreateHost(addServices: services => services.Replace(ServiceDescriptor.Singleton<ITransport>(transport)));
        var bus = host.Services.GetRequiredService<ICommandBus>();
        Assert.Equal(0, transport.Starts);

        await host.StartAsync();
        Assert.Equal(1, transport.Starts);

        await bus.SendAsync(SampleOrders.Valid());
        await host.StopAsync();

        Assert.Equal(1, transport.Starts);
        Assert.Equal(1, transport.Sent);
    }

    [Fact]
    public async Task FirstSend_WithNoHost_IsHandled()
    {
        await using var provider = TestHost.Create();
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());

        await recorder.WaitForAsync<NotifyCustomer>();
    }

    /// <summary>Counts starts and sends; delivers nothing.</summary>
    private sealed class StartCountingTransport : ITransport
    {
        private int _starts;
        private int _sent;

        public int Starts => Volatile.Read(ref _starts);

        public int Sent => Volatile.Read(ref _sent);

        public string Name => "start-counting";

        public bool HandlesLocallyOnly => false;

        public void Start(ITransportReceiver receiver) => Interlocked.Increment(ref _starts);

        public ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken)
        {
            Interlocked.Increment(ref _sent);
            return ValueTask.CompletedTask;
        }

        public ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken) => ValueTask.CompletedTask;

        public Task StopAsync() => Task.CompletedTask;

        public ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken) =>
            ValueTask.CompletedTask;

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
