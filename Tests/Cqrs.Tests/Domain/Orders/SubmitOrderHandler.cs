using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Orders;

public sealed class SubmitOrderHandler(Recorder recorder) : ICommandHandler<SubmitOrder>
{
    public ValueTask HandleAsync(SubmitOrder command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        var itemCount = command.Lines.Sum(line => line.Quantity);
        return context.PublishAsync(new OrderSubmitted(command.OrderId, command.Total, itemCount, command.Priority), cancellationToken);
    }
}
