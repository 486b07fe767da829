using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Orders;

/// <summary>Records each <see cref="SubmitOrder"/>, and raises <see cref="OrderSubmitted"/> with its item count.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class SubmitOrderHandler(Recorder recorder) : ICommandHandler<SubmitOrder>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(SubmitOrder command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        var itemCount = command.Lines.Sum(line => line.Quantity);
        return context.PublishAsync(new OrderSubmitted(command.OrderId, command.Total, itemCount, command.Priority), cancellationToken);
    }
}
