using Mediator;

namespace Cqrs.Benchmarks.Mediator;

/// <summary>One of the notification's two handlers: reports the operation's handling, like the benchtest's event handlers.</summary>
internal sealed class NumberRecordedFirstHandler(HandledCallback handled) : INotificationHandler<NumberRecordedNotification>
{
    public ValueTask Handle(NumberRecordedNotification notification, CancellationToken cancellationToken)
    {
        handled.Report(notification.Sequence);
        return ValueTask.CompletedTask;
    }
}

/// <summary>The notification's other handler, so that each notification fans out to two.</summary>
internal sealed class NumberRecordedSecondHandler(HandledCallback handled) : INotificationHandler<NumberRecordedNotification>
{
    public ValueTask Handle(NumberRecordedNotification notification, CancellationToken cancellationToken)
    {
        handled.Report(notification.Sequence);
        return ValueTask.CompletedTask;
    }
}
