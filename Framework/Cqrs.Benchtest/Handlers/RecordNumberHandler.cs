namespace Cqrs.Benchtest.Handlers;

/// <summary>Handles the benchtest's command by raising the matching event.</summary>
internal sealed class RecordNumberHandler : ICommandHandler<RecordNumber>
{
    public ValueTask HandleAsync(RecordNumber command, IMessageContext context, CancellationToken cancellationToken) =>
        context.PublishAsync(new NumberRecorded(command.Sequence, command.Number), cancellationToken);
}
