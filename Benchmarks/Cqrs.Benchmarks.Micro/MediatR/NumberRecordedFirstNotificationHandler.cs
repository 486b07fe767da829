using Cqrs.Benchtest;
using MediatR;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>One of the notification's two handlers: marks completion, like the benchtest's event handlers.</summary>
internal sealed class NumberRecordedFirstNotificationHandler(OperationTracker tracker) : INotificationHandler<NumberRecordedNotification>
{
    public Task Handle(NumberRecordedNotification notification, CancellationToken cancellationToken)
    {
        tracker.HandlerFinished(notification.Sequence);
        return Task.CompletedTask;
    }
}
