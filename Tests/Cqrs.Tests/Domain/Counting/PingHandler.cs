using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Counting;

public sealed class PingHandler(Tally tally) : ICommandHandler<Ping>
{
    public ValueTask HandleAsync(Ping command, IMessageContext context, CancellationToken cancellationToken)
    {
        tally.Hit(TallyColumn.Command, command.Number);
        return context.PublishAsync(new Pinged(command.Number), cancellationToken);
    }
}
