using Cqrs.Benchtest.EventSourcing;
using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>Handles the benchtest's command by raising the matching event, through the journal.</summary>
internal sealed class RecordNumberHandler(NumberJournal journal) : ICommandHandler<RecordNumber>
{
    public ValueTask HandleAsync(RecordNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        journal.RecordAsync(command, context, cancellationToken);
}
