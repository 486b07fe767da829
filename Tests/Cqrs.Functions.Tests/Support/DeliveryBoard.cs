using System.Net;
using System.Text;
using System.Text.Json;

namespace Cqrs.Functions.Tests.Support;

/// <summary>
/// Sends the delivery flow's commands to the app's <c>SendCommand</c> function, and reads a delivery's status from its
/// <c>GetDelivery</c> function until it shows what a test waits for.
/// </summary>
public static class DeliveryBoard
{
    /// <summary>Departure, drone and package are all on the board: the flight is ready.</summary>
    public static bool HasFlight(JsonElement status) =>
        status.GetProperty("departure").ValueKind == JsonValueKind.String
        && status.GetProperty("droneId").ValueKind == JsonValueKind.String
        && status.GetProperty("packageSize").ValueKind == JsonValueKind.String;

    /// <summary>The delivery saga decided: the board shows completed or overdue.</summary>
    public static bool HasOutcome(JsonElement status) => status.GetProperty("outcome").ValueKind == JsonValueKind.String;

    /// <summary>Posts a command as JSON and fails the test unless it is accepted.</summary>
    public static async Task SendAsync(LocalHostFixture app, string wireName, string json)
    {
        using var response = await app.Client.PostAsync($"api/commands/{wireName}", new StringContent(json, Encoding.UTF8, "application/json"));
        Assert.True(response.StatusCode == HttpStatusCode.Accepted, await response.Content.ReadAsStringAsync() + app.WorkerOutput);
    }

    public static async Task<JsonElement> WaitForAsync(HttpClient client, string deliveryId, Func<JsonElement, bool> done)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        JsonElement? last = null;
        try
        {
            while (true)
            {
                using var response = await client.GetAsync($"api/deliveries/{deliveryId}", timeout.Token);
                if (response.StatusCode == HttpStatusCode.OK)
                {
                    last = JsonElement.Parse(await response.Content.ReadAsStringAsync(timeout.Token));
                    if (done(last.Value))
                    {
                        return last.Value;
                    }
                }

                // The handlers run after the 202, in the worker; the board is the only signal it gives outside.
                await Task.Delay(TimeSpan.FromMilliseconds(20), timeout.Token);
            }
        }
        catch (OperationCanceledException) when (timeout.IsCancellationRequested)
        {
            Assert.Fail($"Delivery {deliveryId} did not show what the test waits for within 60 s; the board last showed: {last?.ToString() ?? "nothing"}.");
            throw;
        }
    }
}
