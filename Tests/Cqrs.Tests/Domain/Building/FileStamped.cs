namespace Cqrs.Tests.Domain.Building;

public sealed class FileStamped : IEventHandler<Stamped>
{
    private readonly Workshop _workshop;

    public FileStamped(Workshop workshop, Constructions constructions)
    {
        constructions.Record(this);
        _workshop = workshop;
    }

    public ValueTask HandleAsync(Stamped @event, IMessageContext context, CancellationToken cancellationToken)
    {
        _workshop.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
