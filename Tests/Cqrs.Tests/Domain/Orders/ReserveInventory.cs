using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Orders;

public sealed class ReserveInventory(Recorder recorder) : IEventHandler<OrderSubmitted>
{
    public ValueTask HandleAsync(OrderSubmitted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
