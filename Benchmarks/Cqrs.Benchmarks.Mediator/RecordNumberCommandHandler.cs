using Mediator;

namespace Cqrs.Benchmarks.Mediator;

/// <summary>
/// Handles the command by publishing the notification, as the benchtest's command handler raises its event; through
/// <see cref="IPublisher"/>, which a container may replace with one that validates the notification first.
/// </summary>
internal sealed class RecordNumberCommandHandler(IPublisher publisher) : ICommandHandler<RecordNumberCommand>
{
    public async ValueTask<Unit> Handle(RecordNumberCommand command, CancellationToken cancellationToken)
    {
        await publisher.Publish(new NumberRecordedNotification(command.Sequence, command.Number), cancellationToken).ConfigureAwait(false);
        return Unit.Value;
    }
}
