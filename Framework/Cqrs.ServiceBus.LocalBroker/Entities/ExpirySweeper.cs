namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Expires locks and releases due scheduled messages in every entity, on a short timer: one timer for the broker
/// rather than one per locked message, at a resolution well under any lock duration worth configuring. The entities
/// are enumerated afresh on each sweep: the administration endpoint adds and removes them while the broker runs.
/// </summary>
internal sealed class ExpirySweeper : IDisposable
{
    private static readonly TimeSpan Period = TimeSpan.FromMilliseconds(50);

    private readonly IEnumerable<MessageEntity> entities;
    private readonly TimeProvider clock;
    private readonly ITimer timer;
    private int sweeping;

    public ExpirySweeper(IEnumerable<MessageEntity> entities, TimeProvider clock)
    {
        this.entities = entities;
        this.clock = clock;
        timer = clock.CreateTimer(static state => ((ExpirySweeper)state!).Sweep(), this, Period, Period);
    }

    public void Dispose() => timer.Dispose();

    private void Sweep()
    {
        if (Interlocked.Exchange(ref sweeping, 1) == 1)
        {
            return; // the previous sweep is still running
        }

        try
        {
            var now = clock.GetUtcNow().UtcDateTime;
            foreach (var entity in entities)
            {
                entity.Sweep(now);
            }
        }
        finally
        {
            Volatile.Write(ref sweeping, 0);
        }
    }
}
