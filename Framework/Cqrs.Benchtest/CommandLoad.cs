using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest;

/// <summary>Sends a run's commands, stamping each operation's start just before its command is sent.</summary>
/// <param name="bus">Where the commands go.</param>
/// <param name="tracker">Stamps each operation's start.</param>
/// <param name="lanesPerTask">
/// For a churn run with <c>--ordering</c>: the closed loop sends <see cref="RecordKeyedNumber"/>, each task's commands
/// taking this many ordering keys in turn. 0: the benchtest's own <see cref="RecordNumber"/>, with no key.
/// </param>
internal sealed class CommandLoad(ICommandBus bus, OperationTracker tracker, int lanesPerTask = 0)
{
    /// <summary>How often the open loop sends what has come due: short enough to add little latency, long enough to batch.</summary>
    private static readonly TimeSpan Slice = TimeSpan.FromMicroseconds(100);

    /// <summary>
    /// Closed loop: each task sends as fast as the bus accepts (its back-pressure sets the pace), task
    /// <c>t</c> taking sequences [first + t × perTask, first + (t + 1) × perTask).
    /// </summary>
    public Task SendAsFastAsAcceptedAsync(int tasks, int perTask, CancellationToken cancellationToken, int firstSequence = 0)
    {
        var senders = new Task[tasks];
        for (var task = 0; task < tasks; task++)
        {
            var first = firstSequence + (task * perTask);
            senders[task] = Task.Run(
                () => lanesPerTask > 0 ? SendKeyedRangeAsync(first, perTask, cancellationToken) : SendRangeAsync(first, perTask, cancellationToken),
                cancellationToken);
        }

        return Task.WhenAll(senders);
    }

    /// <summary>
    /// Open loop: offers <paramref name="ratePerSecond"/> operations a second whatever the latency. One sender
    /// thread sends every command that has come due, then sleeps until the next one is due, for at least a
    /// <see cref="Slice"/>.
    /// </summary>
    public Task SendAtRateAsync(int operations, double ratePerSecond, CancellationToken cancellationToken) =>
        Task.Factory.StartNew(
            () => SendPaced(operations, ratePerSecond, cancellationToken),
            cancellationToken,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default);

    private async Task SendRangeAsync(int first, int count, CancellationToken cancellationToken)
    {
        for (var sequence = first; sequence < first + count; sequence++)
        {
            await SendAsync(sequence, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>A lane's commands all come from this task, one after the other: they are sent in the order of their sequences.</summary>
    private async Task SendKeyedRangeAsync(int first, int count, CancellationToken cancellationToken)
    {
        for (var sequence = first; sequence < first + count; sequence++)
        {
            tracker.Started(sequence);
            await bus.SendAsync(new RecordKeyedNumber(sequence, first + ((sequence - first) % lanesPerTask)), cancellationToken).ConfigureAwait(false);
        }
    }

    private void SendPaced(int operations, double ratePerSecond, CancellationToken cancellationToken)
    {
        var started = TimeProvider.System.GetTimestamp();
        var sent = 0;
        while (sent < operations)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var now = TimeProvider.System.GetElapsedTime(started);
            var due = Math.Min(operations, (int)(now.TotalSeconds * ratePerSecond) + 1);
            for (; sent < due; sent++)
            {
                var sending = SendAsync(sent, cancellationToken);
                if (!sending.IsCompletedSuccessfully)
                {
                    // Back-pressure: the offered load exceeds what the bus takes; this thread may block.
                    sending.AsTask().GetAwaiter().GetResult();
                }
            }

            var nextDue = TimeSpan.FromSeconds(sent / ratePerSecond);
            var wait = (nextDue > now + Slice ? nextDue : now + Slice) - TimeProvider.System.GetElapsedTime(started);
            if (sent < operations && wait > TimeSpan.Zero)
            {
                FineSleep.For(wait);
            }
        }
    }

    private ValueTask<SentMessage> SendAsync(int sequence, CancellationToken cancellationToken)
    {
        tracker.Started(sequence);
        return bus.SendAsync(new RecordNumber(sequence, Random.Shared.Next(RecordNumber.NumberLimit)), cancellationToken);
    }
}
