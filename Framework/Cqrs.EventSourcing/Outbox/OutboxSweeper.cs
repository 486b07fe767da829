using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>At start and then every <see cref="EventSourcingOptions.OutboxSweepInterval"/>: publishes what the outbox still holds.</summary>
internal sealed partial class OutboxSweeper(OutboxPublisher publisher, IOptions<EventSourcingOptions> options, ILogger<OutboxSweeper> logger) : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        using var timer = new PeriodicTimer(options.Value.OutboxSweepInterval);
        do
        {
            try
            {
                var published = await publisher.SweepAsync(stoppingToken).ConfigureAwait(false);
                if (published > 0)
                {
                    LogSwept(published);
                }
            }
            catch (Exception exception) when (!stoppingToken.IsCancellationRequested)
            {
                LogSweepFailed(exception);
            }
        }
        while (await timer.WaitForNextTickAsync(stoppingToken).ConfigureAwait(false));
    }

    /// <summary>
    /// A host disposed without being stopped disposes its container straight away: this stops the sweeps too, and
    /// waits for the one under way, so that it never uses the store (created before this, so disposed after) once
    /// the store is gone.
    /// </summary>
    public override void Dispose()
    {
        base.Dispose();
        if (ExecuteTask is { } sweeping)
        {
            // WhenAny: waits for the loop's end without rethrowing its cancellation.
            Task.WhenAny(sweeping).GetAwaiter().GetResult();
        }
    }

    [LoggerMessage(Level = LogLevel.Information, Message = "Published {Count} events the outbox held from before.")]
    private partial void LogSwept(int count);

    [LoggerMessage(Level = LogLevel.Error, Message = "The outbox sweep failed; it runs again at the next interval.")]
    private partial void LogSweepFailed(Exception exception);
}
