namespace Cqrs.Tests.Domain.Building;

public sealed class AnnounceStamped(Workshop workshop, Constructions constructions) : StampWork(workshop, constructions), IEventHandler<Stamped>
{
    public ValueTask HandleAsync(Stamped @event, IMessageContext context, CancellationToken cancellationToken)
    {
        Workshop.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
