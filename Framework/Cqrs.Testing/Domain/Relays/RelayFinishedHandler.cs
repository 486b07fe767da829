using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Relays;

/// <summary>Records each <see cref="RelayFinished"/>.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class RelayFinishedHandler(Recorder recorder) : IEventHandler<RelayFinished>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(RelayFinished @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
