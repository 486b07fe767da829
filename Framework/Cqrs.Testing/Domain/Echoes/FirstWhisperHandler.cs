using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Echoes;

/// <summary>Records each call and sends a <see cref="Hush"/>.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class FirstWhisperHandler(Recorder recorder) : IEventHandler<Whisper>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Whisper @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return context.SendAsync(new Hush(@event.Id, nameof(FirstWhisperHandler)), cancellationToken);
    }
}
