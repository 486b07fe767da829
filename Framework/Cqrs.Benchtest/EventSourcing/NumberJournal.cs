using Cqrs.Benchtest.Messages;
using Cqrs.EventSourcing;

namespace Cqrs.Benchtest.EventSourcing;

/// <summary>
/// How the command handler raises its event: straight on the bus; (with a store) through a new aggregate per command,
/// whose append the outbox then publishes; or (<paramref name="saga"/>) through a saga per command, started by a
/// command, advanced by an event and completed, which publishes it.
/// </summary>
internal sealed class NumberJournal(IAggregateRepository<NumberLog>? numberLogs, bool saga = false)
{
    public ValueTask RecordAsync(RecordNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        saga ? context.SendAsync(new Sagas.StartNumberSaga(context.MessageId, command.Sequence, command.Number), cancellationToken)
        : numberLogs is null ? context.PublishAsync(new NumberRecorded(command.Sequence, command.Number), cancellationToken)
        : AppendAsync(numberLogs, command, context, cancellationToken);

    /// <summary>Apart, so that the publishing path does not allocate this lambda's closure.</summary>
    private static ValueTask AppendAsync(IAggregateRepository<NumberLog> numberLogs, RecordNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        new(numberLogs.ExecuteAsync(context.MessageId.ToString("N"), context, log => log.Decide(command), cancellationToken));
}
