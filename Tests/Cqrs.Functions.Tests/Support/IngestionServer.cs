using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Cqrs.Functions.Tests.Support;

/// <summary>Kestrel on a free loopback port, serving <see cref="CommandIngestion"/> at the route the Functions app uses.</summary>
public sealed class IngestionServer : IAsyncLifetime
{
    public const int MaxBodyBytes = 1024;

    private WebApplication? _app;

    public HttpClient Client { get; } = new();

    public ShippedParcels Shipped { get; } = new();

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Configuration["Cqrs:Ingestion:MaxBodyBytes"] = MaxBodyBytes.ToString(System.Globalization.CultureInfo.InvariantCulture);
        builder.Services.AddSingleton(Shipped);
        builder.Services.AddCqrs();
        builder.Services.AddCommandIngestion(); // every command of this assembly's generated registry
        _app = builder.Build();
        _app.MapPost(
            "/api/commands/{wireName}",
            (HttpRequest request, string wireName, CommandIngestion ingestion, CancellationToken cancellationToken) =>
                ingestion.IngestAsync(request, wireName, cancellationToken));
        await _app.StartAsync();
        Client.BaseAddress = new Uri(_app.Urls.Single());
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }
}
