using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Echoes;

/// <summary>Records each call and sends a <see cref="Hush"/>, then throws <see cref="InjectedFailureException"/> on the first <see cref="Whisper.Failures"/> attempts.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class SecondWhisperHandler(Recorder recorder) : IEventHandler<Whisper>
{
    /// <inheritdoc/>
    public async ValueTask HandleAsync(Whisper @event, IMessageContext context, CancellationToken cancellationToken)
    {
        var attempt = recorder.Record(this, @event, context);
        await context.SendAsync(new Hush(@event.Id, nameof(SecondWhisperHandler)), cancellationToken).ConfigureAwait(false);
        if (attempt <= @event.Failures)
        {
            throw new InjectedFailureException($"Attempt {attempt} at event {@event.Id} failed on purpose, after sending.");
        }
    }
}
