using Cqrs.Benchtest;
using MediatR;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>The notification's other handler, so that each notification fans out to two.</summary>
internal sealed class NumberRecordedSecondNotificationHandler(OperationTracker tracker) : INotificationHandler<NumberRecordedNotification>
{
    public Task Handle(NumberRecordedNotification notification, CancellationToken cancellationToken)
    {
        tracker.HandlerFinished(notification.Sequence);
        return Task.CompletedTask;
    }
}
