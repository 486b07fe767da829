using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.LocalHost;

/// <summary>
/// The real worker with <c>Cqrs__SendOnly=true</c> over Service Bus: the receivers it starts with its host are none, so
/// the commands it takes over HTTP wait on the broker for the app's receiving instances.
/// </summary>
public sealed class SendOnlyAppTests(SendOnlyLocalHostFixture app) : IClassFixture<SendOnlyLocalHostFixture>
{
    [Fact]
    public async Task Command_OverHttp_IsSentToTheBroker_WhichDeliversItToNoOne_ForTheWorkerOpensNoReceiver()
    {
        var sendsBefore = app.BrokerSends;

        await DeliveryBoard.SendAsync(app, "drones.v1.request-delivery", $$"""{"deliveryId":"send-only-{{Guid.NewGuid():N}}","destination":"3 Mill Lane","weightGrams":800}""");

        Assert.Equal(sendsBefore + 1, app.BrokerSends);
        Assert.Equal(0, app.BrokerReceives);
        Assert.DoesNotContain(app.Links.ReceivedFrom, address => address.Contains("cqrs-", StringComparison.Ordinal));
    }
}
