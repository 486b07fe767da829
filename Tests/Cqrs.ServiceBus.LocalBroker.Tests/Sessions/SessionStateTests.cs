using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>Session state: bytes the session's holder stores with it, kept from one holder to the next until cleared.</summary>
public sealed class SessionStateTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders", queue => queue.RequiresSession = true);

    [Fact]
    public async Task SessionState_IsReadBackByTheNextHolder_AndNullClearsIt()
    {
        await using (var first = await Client.AcceptSessionAsync("orders", "a"))
        {
            Assert.Null(await first.GetSessionStateAsync());
            await first.SetSessionStateAsync(new BinaryData([1, 2, 250]));
        }

        // The session has no messages: it is kept for its state alone.
        await using var next = await Client.AcceptSessionAsync("orders", "a");
        Assert.Equal([1, 2, 250], (await next.GetSessionStateAsync()).ToArray());

        await next.SetSessionStateAsync(null);
        Assert.Null(await next.GetSessionStateAsync());
    }

    [Fact]
    public async Task SessionState_IsEachSessionsOwn()
    {
        await using var a = await Client.AcceptSessionAsync("orders", "a");
        await using var b = await Client.AcceptSessionAsync("orders", "b");

        await a.SetSessionStateAsync(BinaryData.FromString("checkpoint a"));

        Assert.Equal("checkpoint a", (await a.GetSessionStateAsync()).ToString());
        Assert.Null(await b.GetSessionStateAsync());
    }
}
