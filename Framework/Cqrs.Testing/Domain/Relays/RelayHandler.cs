using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Relays;

/// <summary>Records each <see cref="Relay"/>, then sends the next hop, or at the last raises <see cref="RelayFinished"/>.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class RelayHandler(Recorder recorder) : ICommandHandler<Relay>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Relay command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        return command.HopsLeft > 0
            ? context.SendAsync(command with { HopsLeft = command.HopsLeft - 1 }, cancellationToken)
            : context.PublishAsync(new RelayFinished(command.ChainId), cancellationToken);
    }
}
