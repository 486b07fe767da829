using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchtest.Handlers;

/// <summary>
/// Handles the keyed command by publishing the keyed event (with the inbox: once per command), as
/// <see cref="RecordNumberHandler"/> does with no store, which is how churn runs go; it works under that handler's name,
/// so the churn audit weighs its effects alike.
/// </summary>
internal sealed class RecordKeyedNumberHandler(InboxEffects? inbox = null) : ICommandHandler<RecordKeyedNumber>
{
    public ValueTask HandleAsync(RecordKeyedNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        inbox is null
            ? PublishAsync(command, context, cancellationToken)
            : inbox.RunAsync(this, nameof(RecordNumberHandler), command.Sequence, context, token => PublishAsync(command, context, token), cancellationToken);

    private static ValueTask PublishAsync(RecordKeyedNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        context.PublishAsync(new KeyedNumberRecorded(command.Sequence, command.Lane), cancellationToken);
}
