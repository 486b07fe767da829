using Cqrs.Testing.Domain.Probes;

namespace Cqrs.ServiceBus.Tests.Domain.Parting;

/// <summary>Records each call; the first after its container's <see cref="PartedHold"/> is armed waits until its token fires (a stop's shutdown timeout), as a long call would.</summary>
public sealed class PartedHeldHandler(PartedHold hold, Recorder recorder) : IEventHandler<Parted>
{
    public async ValueTask HandleAsync(Parted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        if (hold.TryTake())
        {
            await Task.Delay(Timeout.InfiniteTimeSpan, cancellationToken);
        }
    }
}
