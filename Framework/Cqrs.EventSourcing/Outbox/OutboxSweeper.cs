using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>At start and then every <see cref="EventSourcingOptions.OutboxSweepInterval"/>: publishes what the outbox still holds.</summary>
internal sealed partial class OutboxSweeper(OutboxPublisher publisher, TimeProvider clock, IOptions<EventSourcingOptions> options, ILogger<OutboxSweeper> logger)
    : PeriodicWork(options.Value.OutboxSweepInterval, clock)
{
    protected override Task<int> RunOnceAsync(CancellationToken cancellationToken) => publisher.SweepAsync(cancellationToken);

    protected override void LogDone(int count) => LogSwept(count);

    protected override void LogFailed(Exception exception) => LogSweepFailed(exception);

    [LoggerMessage(Level = LogLevel.Information, Message = "Published {Count} events the outbox held from before.")]
    private partial void LogSwept(int count);

    [LoggerMessage(Level = LogLevel.Error, Message = "The outbox sweep failed; it runs again at the next interval.")]
    private partial void LogSweepFailed(Exception exception);
}
