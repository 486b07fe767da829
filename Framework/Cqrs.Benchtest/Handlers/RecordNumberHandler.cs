using Cqrs.Benchtest.EventSourcing;
using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>Handles the benchtest's command by raising the matching event, through the journal (with the inbox: once per command).</summary>
internal sealed class RecordNumberHandler(NumberJournal journal, InboxEffects? inbox = null) : ICommandHandler<RecordNumber>
{
    public ValueTask HandleAsync(RecordNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        inbox is null
            ? journal.RecordAsync(command, context, cancellationToken)
            : ThroughInboxAsync(inbox, command, context, cancellationToken);

    /// <summary>Apart from <see cref="HandleAsync"/>: the closure the inbox's work needs would be allocated on every call of a method that holds it.</summary>
    private ValueTask ThroughInboxAsync(InboxEffects inbox, RecordNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        inbox.RunAsync(this, nameof(RecordNumberHandler), command.Sequence, context, token => journal.RecordAsync(command, context, token), cancellationToken);
}
