using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Counting;

public sealed class SecondPingedHandler(Tally tally) : IEventHandler<Pinged>
{
    public ValueTask HandleAsync(Pinged @event, IMessageContext context, CancellationToken cancellationToken)
    {
        tally.Hit(TallyColumn.SecondEventHandler, @event.Number);
        return ValueTask.CompletedTask;
    }
}
