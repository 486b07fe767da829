using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Screening;

/// <summary>Records each <see cref="Enrol"/>, and raises <see cref="Enrolled"/> with its name.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class EnrolHandler(Recorder recorder) : ICommandHandler<Enrol>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Enrol command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        return context.PublishAsync(new Enrolled(command.Name), cancellationToken);
    }
}
