using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Ordering;

/// <summary>Waits in each <see cref="Overlap"/> until the <see cref="OverlapGate"/> opens: until enough of them run at once.</summary>
/// <param name="gate">What it waits at.</param>
public sealed class OverlapHandler(OverlapGate gate) : ICommandHandler<Overlap>
{
    /// <inheritdoc/>
    public async ValueTask HandleAsync(Overlap command, IMessageContext context, CancellationToken cancellationToken) =>
        await gate.PassAsync(cancellationToken);
}
