using Cqrs;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Cqrs.Functions.Tests.Support;

/// <summary>
/// Kestrel on a free loopback port, serving <see cref="CommandIngestion"/> at the route the Functions app uses, for
/// this assembly's public commands; a shipped parcel is followed at <c>/parcels/{id}</c>. Time is a fake clock that
/// tells when the body timeout starts; <see cref="Bus"/> counts what was sent.
/// </summary>
public sealed class IngestionServer : IAsyncLifetime
{
    public const int MaxBodyBytes = 1024;

    public static readonly TimeSpan BodyTimeout = TimeSpan.FromSeconds(7);

    private WebApplication? _app;

    public HttpClient Client { get; } = new();

    public ShippedParcels Shipped { get; } = new();

    public TimerSignallingTimeProvider Time { get; } = new(BodyTimeout);

    public CountingCommandBus Bus { get; private set; } = null!;

    public Uri BaseAddress => Client.BaseAddress!;

    public IServiceProvider Services => _app!.Services;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Configuration["Cqrs:Ingestion:MaxBodyBytes"] = MaxBodyBytes.ToString(System.Globalization.CultureInfo.InvariantCulture);
        builder.Configuration["Cqrs:Ingestion:BodyTimeout"] = BodyTimeout.ToString();
        builder.Configuration["Cqrs:Ingestion:RetryAfter"] = "00:00:03";
        builder.Services.AddSingleton(Shipped);
        builder.Services.AddSingleton<TimeProvider>(Time);
        builder.Services.AddCqrs();
        var bus = builder.Services.Single(service => service.ServiceType == typeof(ICommandBus));
        builder.Services.Remove(bus);
        builder.Services.AddSingleton<ICommandBus>(provider => Bus = new CountingCommandBus((ICommandBus)bus.ImplementationFactory!(provider)));
        builder.Services.AddCommandIngestion(accept => accept
            .PublicCommands()
            .Follow<ShipParcel>(command => $"/parcels/{Uri.EscapeDataString(command.ParcelId)}"));
        _app = builder.Build();
        _app.MapPost(
            "/api/commands/{wireName}",
            (HttpRequest request, string wireName, CommandIngestion ingestion, CancellationToken cancellationToken) =>
                ingestion.IngestAsync(request, wireName, cancellationToken));
        await _app.StartAsync();
        _ = _app.Services.GetRequiredService<ICommandBus>();
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
