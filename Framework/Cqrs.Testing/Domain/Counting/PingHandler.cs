using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Counting;

/// <summary>Counts each <see cref="Ping"/> in the <see cref="Tally"/>, and raises <see cref="Pinged"/> with its number.</summary>
/// <param name="tally">Where it counts.</param>
public sealed class PingHandler(Tally tally) : ICommandHandler<Ping>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(Ping command, IMessageContext context, CancellationToken cancellationToken)
    {
        tally.Hit(TallyColumn.Command, command.Number);
        return context.PublishAsync(new Pinged(command.Number), cancellationToken);
    }
}
