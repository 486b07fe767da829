using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus;

/// <summary>
/// One delivery as the transport reads and settles it, whether a processor or a session processor received it (their
/// event arguments share no type). Settlement is not cancelled: once handled, a delivery is settled.
/// </summary>
internal abstract class ReceivedDelivery
{
    public abstract ServiceBusReceivedMessage Message { get; }

    /// <summary>Until when this receiver holds the message: its own lock, or its session's.</summary>
    public abstract DateTimeOffset LockedUntil { get; }

    public abstract Task CompleteAsync();

    public abstract Task AbandonAsync();

    public abstract Task DeadLetterAsync(string reason, string description);

    /// <summary>A delivery of a <see cref="ServiceBusProcessor"/>.</summary>
    public sealed class OfProcessor(ProcessMessageEventArgs args) : ReceivedDelivery
    {
        public override ServiceBusReceivedMessage Message => args.Message;

        public override DateTimeOffset LockedUntil => args.Message.LockedUntil;

        public override Task CompleteAsync() => args.CompleteMessageAsync(args.Message, CancellationToken.None);

        public override Task AbandonAsync() => args.AbandonMessageAsync(args.Message, cancellationToken: CancellationToken.None);

        public override Task DeadLetterAsync(string reason, string description) =>
            args.DeadLetterMessageAsync(args.Message, reason, description, CancellationToken.None);
    }

    /// <summary>A delivery of a <see cref="ServiceBusSessionProcessor"/>: settled through the session's receiver.</summary>
    public sealed class OfSession(ProcessSessionMessageEventArgs args) : ReceivedDelivery
    {
        public override ServiceBusReceivedMessage Message => args.Message;

        public override DateTimeOffset LockedUntil => args.SessionLockedUntil;

        public override Task CompleteAsync() => args.CompleteMessageAsync(args.Message, CancellationToken.None);

        public override Task AbandonAsync() => args.AbandonMessageAsync(args.Message, cancellationToken: CancellationToken.None);

        public override Task DeadLetterAsync(string reason, string description) =>
            args.DeadLetterMessageAsync(args.Message, reason, description, CancellationToken.None);
    }
}
