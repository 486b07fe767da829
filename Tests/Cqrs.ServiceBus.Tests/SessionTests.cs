using System.Security.Cryptography;
using System.Text;
using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.Testing.Domain.Ordering;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// What <see cref="ServiceBusOptions.RequiresSession"/> puts on the wire, read back with the real client's session
/// receiver: the ordering key as SessionId, its SHA-256 past Service Bus's 128 characters, and an unkeyed message's
/// own MessageId, so that every message is accepted by a session entity; and what it gives a receiver that finds every
/// key's messages waiting at once.
/// </summary>
public sealed class SessionTests : IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new();

    public ValueTask DisposeAsync() => _host.DisposeAsync();

    [Fact]
    public async Task Send_OnSessionEntities_CarriesTheKeyAsSessionId_ItsHashPast128Characters_AndAnUnkeyedMessagesOwnId()
    {
        var longKey = new string('k', 200);
        await using var provider = _host.Create(
            options => options.SendOnly = true,
            settings => settings.RequiresSession = true,
            entity => entity.RequiresSession = true);
        var bus = provider.GetRequiredService<ICommandBus>();

        await bus.SendAsync(new Step("acc-1", 0));
        await bus.SendAsync(new Step(longKey, 1));
        var unkeyed = await bus.SendAsync(new Overlap(2));

        var hashed = "sha256-" + Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(longKey)));
        await using var client = new ServiceBusClient(provider.GetRequiredService<LocalServiceBusBroker>().ConnectionString);
        Assert.Equal("tests.v1.step", await SubjectInSessionAsync(client, "acc-1"));
        Assert.Equal("tests.v1.step", await SubjectInSessionAsync(client, hashed));
        Assert.Equal("tests.v1.overlap", await SubjectInSessionAsync(client, unkeyed.MessageId.ToString()));
    }

    private static async Task<string?> SubjectInSessionAsync(ServiceBusClient client, string sessionId)
    {
        await using var session = await client.AcceptSessionAsync(new ServiceBusOptions().CommandQueue, sessionId);
        var message = await session.ReceiveMessageAsync(TimeSpan.FromSeconds(10));
        return message?.Subject;
    }

    /// <summary>
    /// Every step of every key is on the broker before a receiver starts, so nothing but the sessions keeps a key's steps
    /// apart: the receiver, with many session slots, still starts each key's steps in order, one at a time.
    /// </summary>
    [Fact]
    public async Task Receive_KeysAllWaitingWhenTheReceiverStarts_HandlesEachKeysStepsInOrderOneAtATime()
    {
        const int Keys = 8;
        const int Steps = 12;
        await using var sender = _host.Create(
            options => options.SendOnly = true,
            settings => settings.RequiresSession = true,
            entity => entity.RequiresSession = true);
        var broker = sender.GetRequiredService<LocalServiceBusBroker>();
        var bus = sender.GetRequiredService<ICommandBus>();
        for (var step = 0; step < Steps; step++)
        {
            for (var key = 0; key < Keys; key++)
            {
                await bus.SendAsync(new Step($"key-{key}", step));
            }
        }

        var services = new ServiceCollection();
        ServiceBusTestHost.AddTestDomains(services).UseServiceBus(settings =>
        {
            settings.ConnectionString = broker.ConnectionString;
            settings.RequiresSession = true;
            settings.MaxConcurrentSessions = 32;
            settings.SessionIdleTimeout = TimeSpan.FromMilliseconds(10);
        });
        await using var receiver = ServiceBusTestHost.Build(services);
        var log = receiver.GetRequiredService<StepLog>();
        log.Expect(Keys * Steps * 2);
        foreach (var hosted in receiver.GetServices<IHostedService>())
        {
            await hosted.StartAsync(CancellationToken.None);
        }

        await log.Done.WaitAsync(Patience.Timeout);

        Assert.Empty(log.Overlaps);
        Assert.All(Enumerable.Range(0, Keys), key => Assert.Equal(Enumerable.Range(0, Steps), log.Started(StepColumn.Command, $"key-{key}")));
    }
}
