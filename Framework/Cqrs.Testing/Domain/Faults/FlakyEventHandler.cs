using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Faults;

/// <summary>Records each call, and throws <see cref="InjectedFailureException"/> on the first <see cref="FlakyEvent.Failures"/> attempts at a message.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class FlakyEventHandler(Recorder recorder) : IEventHandler<FlakyEvent>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(FlakyEvent @event, IMessageContext context, CancellationToken cancellationToken)
    {
        var attempt = recorder.Record(this, @event, context);
        return attempt <= @event.Failures
            ? throw new InjectedFailureException($"Attempt {attempt} at event {@event.Id} failed on purpose.")
            : ValueTask.CompletedTask;
    }
}
