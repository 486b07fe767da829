using Cqrs.EventSourcing;

namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>Loads the tally, decides one more, appends: what conflicts when two of one tally run at once.</summary>
public sealed class CountHandler(IAggregateRepository<Tally> tallies) : ICommandHandler<Count>, ICommandHandler<CountInTurn>
{
    public async ValueTask HandleAsync(Count command, IMessageContext context, CancellationToken cancellationToken) =>
        await tallies.ExecuteAsync(command.TallyId, context, _ => [new Counted(command.TallyId)], cancellationToken);

    public async ValueTask HandleAsync(CountInTurn command, IMessageContext context, CancellationToken cancellationToken) =>
        await tallies.ExecuteAsync(command.TallyId, context, _ => [new Counted(command.TallyId)], cancellationToken);
}
