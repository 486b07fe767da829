using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Ordering;

/// <summary>Logs each <see cref="Step"/> in the <see cref="StepLog"/> while it runs, and raises <see cref="Stepped"/> for it.</summary>
/// <param name="log">Where it logs.</param>
public sealed class StepHandler(StepLog log) : ICommandHandler<Step>
{
    /// <inheritdoc/>
    public async ValueTask HandleAsync(Step command, IMessageContext context, CancellationToken cancellationToken)
    {
        using (await log.RunAsync(StepColumn.Command, command.Key, command.Sequence))
        {
            await context.PublishAsync(new Stepped(command.Key, command.Sequence), cancellationToken);
        }
    }
}
