using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Wolverine;

namespace Cqrs.Benchmarks.Wolverine;

/// <summary>
/// Wolverine in memory, durability off (no message store: local queues are in-memory and non-durable), logging off,
/// with the counterparts of the benchtest's handlers. <see cref="InvokeAsync"/> runs the command's handler chain in the
/// caller's call; its event is published to a local queue, so the operation ends when both event handlers have run.
/// <see cref="InvokeInlineAsync"/> has the command's handler invoke the event's handlers in line too.
/// </summary>
public sealed class WolverinePeer : IAsyncDisposable
{
    private readonly IHost _host;
    private readonly IMessageBus _bus;

    private WolverinePeer(IHost host)
    {
        _host = host;
        _bus = host.Services.GetRequiredService<IMessageBus>();
    }

    /// <param name="handled">Called by each event handler with the operation's sequence number.</param>
    public static async Task<WolverinePeer> StartAsync(Action<int> handled)
    {
        var host = await Host.CreateDefaultBuilder()
            .ConfigureLogging(logging => logging.ClearProviders())
            .ConfigureServices(services => services.AddSingleton(new HandledCallback(handled)))
            .UseWolverine(options =>
            {
                options.ApplicationAssembly = typeof(WolverinePeer).Assembly;
                options.UseRuntimeCompilation();
            })
            .StartAsync()
            .ConfigureAwait(false);
        return new WolverinePeer(host);
    }

    public Task InvokeAsync(int sequence, int number) => _bus.InvokeAsync(new RecordNumber(sequence, number));

    public Task InvokeInlineAsync(int sequence, int number) => _bus.InvokeAsync(new RecordNumberInline(sequence, number));

    public async ValueTask DisposeAsync()
    {
        await _host.StopAsync().ConfigureAwait(false);
        _host.Dispose();
    }
}
