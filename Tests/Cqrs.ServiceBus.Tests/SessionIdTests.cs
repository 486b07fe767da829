using System.Security.Cryptography;
using System.Text;
using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.Testing.Domain.Ordering;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// What <see cref="ServiceBusOptions.RequiresSession"/> puts on the wire, read back with the real client's session
/// receiver: the ordering key as SessionId, its SHA-256 past Service Bus's 128 characters, and an unkeyed message's
/// own MessageId, so that every message is accepted by a session entity.
/// </summary>
public sealed class SessionIdTests : IAsyncDisposable
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
}
