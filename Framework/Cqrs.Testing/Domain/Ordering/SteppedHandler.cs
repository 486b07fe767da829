using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Ordering;

/// <summary>Logs each <see cref="Stepped"/> in the <see cref="StepLog"/> while it runs.</summary>
/// <param name="log">Where it logs.</param>
public sealed class SteppedHandler(StepLog log) : IEventHandler<Stepped>
{
    /// <inheritdoc/>
    public async ValueTask HandleAsync(Stepped @event, IMessageContext context, CancellationToken cancellationToken)
    {
        using (await log.RunAsync(StepColumn.Event, @event.Key, @event.Sequence))
        {
        }
    }
}
