using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Counting;

/// <summary>Counts each <see cref="Pinged"/> in the <see cref="Tally"/>'s second event column.</summary>
/// <param name="tally">Where it counts.</param>
public sealed class SecondPingedHandler(Tally tally) : IEventHandler<Pinged>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Pinged @event, IMessageContext context, CancellationToken cancellationToken)
    {
        tally.Hit(TallyColumn.SecondEventHandler, @event.Number);
        return ValueTask.CompletedTask;
    }
}
