namespace Cqrs.Tests.Domain.Building;

public sealed class StampHandler : ICommandHandler<Stamp>
{
    private readonly Workshop _workshop;

    public StampHandler(Workshop workshop, Constructions constructions)
    {
        constructions.Record(this);
        _workshop = workshop;
    }

    public ValueTask HandleAsync(Stamp command, IMessageContext context, CancellationToken cancellationToken)
    {
        _workshop.Record(this, command, context);
        return context.PublishAsync(new Stamped(command.Id), cancellationToken);
    }
}
