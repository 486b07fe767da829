using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Echoes;

/// <summary>Records each <see cref="Hush"/>.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class HushHandler(Recorder recorder) : ICommandHandler<Hush>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Hush command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        return ValueTask.CompletedTask;
    }
}
