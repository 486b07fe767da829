namespace Cqrs.Tests.Domain.Building;

public sealed class StampHandler(Workshop workshop, Constructions constructions) : StampWork(workshop, constructions), ICommandHandler<Stamp>
{
    public ValueTask HandleAsync(Stamp command, IMessageContext context, CancellationToken cancellationToken)
    {
        Workshop.Record(this, command, context);
        return context.PublishAsync(new Stamped(command.Id), cancellationToken);
    }
}
