using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Echoes;

/// <summary>Records each <see cref="Echo"/>.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class EchoHandler(Recorder recorder) : IEventHandler<Echo>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Echo @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
