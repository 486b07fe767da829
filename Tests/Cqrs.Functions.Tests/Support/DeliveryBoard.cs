using System.Net;
using System.Text.Json;

namespace Cqrs.Functions.Tests.Support;

/// <summary>Reads a delivery's status from the app's <c>GetDelivery</c> function until it shows what a test waits for.</summary>
public static class DeliveryBoard
{
    public static async Task<JsonElement> WaitForAsync(HttpClient client, string deliveryId, Func<JsonElement, bool> done)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        while (true)
        {
            using var response = await client.GetAsync($"api/deliveries/{deliveryId}", timeout.Token);
            if (response.StatusCode == HttpStatusCode.OK)
            {
                var status = JsonElement.Parse(await response.Content.ReadAsStringAsync(timeout.Token));
                if (done(status))
                {
                    return status;
                }
            }

            // The handlers run after the 202, in the worker; the board is the only signal it gives outside.
            await Task.Delay(TimeSpan.FromMilliseconds(20), timeout.Token);
        }
    }
}
