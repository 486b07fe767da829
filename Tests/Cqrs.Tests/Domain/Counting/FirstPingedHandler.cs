using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Counting;

public sealed class FirstPingedHandler(Tally tally) : IEventHandler<Pinged>
{
    public ValueTask HandleAsync(Pinged @event, IMessageContext context, CancellationToken cancellationToken)
    {
        tally.Hit(TallyColumn.FirstEventHandler, @event.Number);
        return ValueTask.CompletedTask;
    }
}
