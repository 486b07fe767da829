namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>Counts each <see cref="Counted"/> in the <see cref="CountLog"/>.</summary>
public sealed class CountedHandler(CountLog log) : IEventHandler<Counted>
{
    public ValueTask HandleAsync(Counted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        log.Counted();
        return ValueTask.CompletedTask;
    }
}
