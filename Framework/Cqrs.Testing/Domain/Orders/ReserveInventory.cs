using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Orders;

/// <summary>A handler of <see cref="OrderSubmitted"/>; records each call.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class ReserveInventory(Recorder recorder) : IEventHandler<OrderSubmitted>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(OrderSubmitted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
