using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Screening;

/// <summary>Records each <see cref="Enrolled"/>.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class EnrolledHandler(Recorder recorder) : IEventHandler<Enrolled>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Enrolled @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
