using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.LocalHost;

/// <summary>
/// The delivery saga's deadline in the real worker, set from the app's configuration: a delivery not dropped off in
/// time shows overdue; once per transport mode (in process, the worker's timeout scheduler fires it; over Service Bus,
/// the broker delivers it, scheduled there).
/// </summary>
public abstract class OverdueDeliveryTests(LocalHostFixture app)
{
    [Fact]
    public async Task Delivery_NotDroppedOffByTheConfiguredDeadline_ShowsOverdue()
    {
        var deliveryId = $"overdue-{Guid.NewGuid():N}";

        await DeliveryBoard.SendAsync(app, "drones.v1.request-delivery", $$"""{"deliveryId":"{{deliveryId}}","destination":"3 Mill Lane","weightGrams":800}""");

        var status = await DeliveryBoard.WaitForAsync(app.Client, deliveryId, DeliveryBoard.HasOutcome);
        Assert.Equal("overdue", status.GetProperty("outcome").GetString());
    }
}

public sealed class InProcessOverdueDeliveryTests(ShortDeadlineLocalHostFixture app) : OverdueDeliveryTests(app), IClassFixture<ShortDeadlineLocalHostFixture>;

public sealed class ServiceBusOverdueDeliveryTests(ShortDeadlineServiceBusLocalHostFixture app) : OverdueDeliveryTests(app), IClassFixture<ShortDeadlineServiceBusLocalHostFixture>;
