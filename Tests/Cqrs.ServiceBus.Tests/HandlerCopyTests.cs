using Cqrs.ServiceBus.Tests.Domain.Parting;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// An event some of whose handlers a stop cancelled, while the others handled it, goes back to the topic as a copy for
/// each cancelled handler. Its MessageId is the copy's own, so a topic with duplicate detection (as
/// <c>infra/main.bicep</c> deploys it) keeps it; its handler sees the event's id.
/// </summary>
public sealed class HandlerCopyTests : IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new() { DuplicateDetection = true };

    /// <summary>
    /// The copy may reach the stopping process before its receiver closes, or the next one: either way the cancelled
    /// handler is called once more, and the one that handled the event is not. A copy the stopping receiver took (in its
    /// prefetch) and closed on unsettled stays locked until its lock expires, as in the service, and then goes to the
    /// next process: the entities' lock is kept short, so that case too completes well within the test's patience.
    /// </summary>
    [Fact]
    public async Task EventHandlerCancelledByAStop_WhileTheOtherHandledIt_IsHandledOnceMoreUnderTheEventsId()
    {
        var broker = _host.StartBroker(entity => entity.LockDuration = TimeSpan.FromSeconds(5));
        using var stopping = ServiceBusTestHost.CreateHost(broker, transport: settings => settings.ShutdownTimeout = TimeSpan.FromTicks(1));
        var stoppingCalls = stopping.Services.GetRequiredService<Recorder>();
        stopping.Services.GetRequiredService<PartedHold>().Arm();
        await stopping.StartAsync();
        var sent = await stopping.Services.GetRequiredService<IEventBus>().PublishAsync(new Parted(1));
        await stoppingCalls.WaitForAsync<PartedAtOnceHandler>();
        await stoppingCalls.WaitForAsync<PartedHeldHandler>();

        await stopping.StopAsync();
        using var next = ServiceBusTestHost.CreateHost(broker);
        var nextCalls = next.Services.GetRequiredService<Recorder>();
        await next.StartAsync();
        if (stoppingCalls.Of<PartedHeldHandler>().Count == 1)
        {
            await nextCalls.WaitForAsync<PartedHeldHandler>();
        }

        await next.StopAsync();
        Assert.Equal([sent.MessageId, sent.MessageId], [.. stoppingCalls.Of<PartedHeldHandler>().Concat(nextCalls.Of<PartedHeldHandler>()).Select(call => call.MessageId)]);
        Assert.Equal(sent.MessageId, Assert.Single(stoppingCalls.Of<PartedAtOnceHandler>()).MessageId);
        Assert.Empty(nextCalls.Of<PartedAtOnceHandler>());
    }

    public ValueTask DisposeAsync() => _host.DisposeAsync();
}
