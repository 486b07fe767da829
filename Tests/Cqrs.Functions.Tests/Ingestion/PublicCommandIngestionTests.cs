using System.Net;
using System.Text;
using Cqrs.Functions.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Sample.Domain;
using Sample.Domain.Deliveries;

namespace Cqrs.Functions.Tests.Ingestion;

/// <summary>Only commands the app declares public are ingested; one the app sends only to itself cannot be exposed at all.</summary>
public sealed class PublicCommandIngestionTests(IngestionServer server) : IClassFixture<IngestionServer>
{
    [Fact]
    public async Task CommandNotDeclaredPublic_404_NothingSent()
    {
        var before = server.Bus.Sent;

        using var response = await server.Client.PostAsync(
            "/api/commands/tests.v1.recall-parcel", new StringContent("""{"parcelId":"recall-1"}""", Encoding.UTF8, "application/json"));

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("Unknown command", (await Problem.ReadAsync(response)).Title);
        Assert.Equal(before, server.Bus.Sent);
    }

    [Fact]
    public async Task SagaTimeout_ListedForIngestion_FailsTheStart_NamingIt()
    {
        var builder = Host.CreateApplicationBuilder();
        builder.Logging.ClearProviders();
        builder.Services.AddSampleDomain().UseInMemoryStore();
        builder.Services.AddCommandIngestion(accept => accept
            .Command<RequestDelivery>("drones.v1.request-delivery")
            .Command<DeliveryDeadline>("drones.v1.delivery-deadline"));
        using var app = builder.Build();

        var exception = await Assert.ThrowsAsync<InvalidOperationException>(() => app.StartAsync());

        Assert.Contains("'drones.v1.delivery-deadline'", exception.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("request-delivery", exception.Message, StringComparison.Ordinal);
    }
}
