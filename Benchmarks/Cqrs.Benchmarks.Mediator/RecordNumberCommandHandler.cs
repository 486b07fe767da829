using Mediator;

namespace Cqrs.Benchmarks.Mediator;

/// <summary>Handles the command by publishing the notification, as the benchtest's command handler raises its event.</summary>
internal sealed class RecordNumberCommandHandler(IMediator mediator) : ICommandHandler<RecordNumberCommand>
{
    public async ValueTask<Unit> Handle(RecordNumberCommand command, CancellationToken cancellationToken)
    {
        await mediator.Publish(new NumberRecordedNotification(command.Sequence, command.Number), cancellationToken).ConfigureAwait(false);
        return Unit.Value;
    }
}
