using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Faults;

/// <summary>A handler of <see cref="FlakyEvent"/> that never fails; records each call.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class FirstSteadyHandler(Recorder recorder) : IEventHandler<FlakyEvent>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(FlakyEvent @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
