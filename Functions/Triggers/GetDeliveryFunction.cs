using Cqrs;
using Microsoft.AspNetCore.Http;
using Microsoft.Azure.Functions.Worker;
using Sample.Domain.Deliveries;

namespace Sample.Functions.Triggers;

/// <summary><c>GET /api/deliveries/{deliveryId}</c>: where a drone delivery stands, from the delivery board.</summary>
public sealed class GetDeliveryFunction(IQueryBus queries)
{
    /// <summary>This function's URL for a delivery: where a caller follows its commands.</summary>
    public static string Location(string deliveryId) => $"/api/deliveries/{Uri.EscapeDataString(deliveryId)}";

    [Function("GetDelivery")]
    public async Task<IResult> RunAsync(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "deliveries/{deliveryId}")] HttpRequest request,
        string deliveryId,
        CancellationToken cancellationToken)
    {
        var status = await queries.AskAsync(new GetDeliveryStatus(deliveryId), cancellationToken);
        return status.Requested ? Results.Ok(status) : Results.NotFound();
    }
}
