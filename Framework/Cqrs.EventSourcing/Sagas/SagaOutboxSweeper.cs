using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// Under a host, once at start: publishes what sagas decided but a process that stopped or died did not get delivered
/// (<see cref="SagaOutbox.SweepAsync"/>). Nothing else would, since their causes (a timeout deleted once handled, say)
/// may never come again; within a process, what fails to be handed over fails its cause's handler, whose retry
/// publishes it again. Does nothing when the store keeps no sagas.
/// </summary>
internal sealed partial class SagaOutboxSweeper(SagaServices services, ILogger<SagaOutboxSweeper> logger)
    : PeriodicWork(Timeout.InfiniteTimeSpan, services.Clock)
{
    protected override bool IsNeeded => services.HasStore;

    protected override Task<int> RunOnceAsync(CancellationToken cancellationToken) => services.Outbox.SweepAsync(cancellationToken);

    protected override void LogDone(int count) => LogSwept(count);

    protected override void LogFailed(Exception exception) => LogSweepFailed(exception);

    [LoggerMessage(Level = LogLevel.Information, Message = "Published {Count} messages sagas left pending.")]
    private partial void LogSwept(int count);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish what sagas left pending; it stays pending, for the next start.")]
    private partial void LogSweepFailed(Exception exception);
}
