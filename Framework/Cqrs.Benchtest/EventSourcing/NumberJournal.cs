using Cqrs.EventSourcing;

namespace Cqrs.Benchtest.EventSourcing;

/// <summary>
/// How the command handler raises its event: straight on the bus, or (with a store) through a new aggregate
/// per command, whose append the outbox then publishes.
/// </summary>
internal sealed class NumberJournal(IAggregateRepository<NumberLog>? numberLogs)
{
    public ValueTask RecordAsync(RecordNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        numberLogs is null
            ? context.PublishAsync(new NumberRecorded(command.Sequence, command.Number), cancellationToken)
            : new ValueTask(numberLogs.ExecuteAsync(context.MessageId.ToString("N"), context, log => log.Decide(command), cancellationToken));
}
