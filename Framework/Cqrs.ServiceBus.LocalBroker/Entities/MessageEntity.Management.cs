namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>What the <c>$management</c> node asks of an entity: peek, deferred messages, cancelling scheduled ones.</summary>
internal sealed partial class MessageEntity
{
    /// <summary>
    /// Up to <paramref name="count"/> messages from <paramref name="fromSequenceNumber"/> on (inclusive), in any state,
    /// none locked; only those of session <paramref name="sessionId"/> when one is named.
    /// </summary>
    public IReadOnlyList<MessageSnapshot> Peek(long fromSequenceNumber, int count, string? sessionId = null)
    {
        var now = Now;
        var result = new List<MessageSnapshot>();
        lock (gate)
        {
            foreach (var (sequenceNumber, message) in messages)
            {
                if (result.Count >= count)
                {
                    break;
                }

                if (sequenceNumber >= fromSequenceNumber && (message.ExpiresAt > now || message.State == MessageState.Locked)
                    && (sessionId is null || SessionIdOf(message) == sessionId))
                {
                    result.Add(MessageSnapshot.Of(message, withLock: false));
                }
            }
        }

        return result;
    }

    /// <summary>
    /// Deferred messages by sequence number, locked (peek-lock) or removed (receive-and-delete). Throws
    /// <see cref="KeyNotFoundException"/> when one is not deferred here, as the service fails the whole request. On an
    /// entity that requires sessions they are those of session <paramref name="sessionId"/>, whose lock
    /// <paramref name="requester"/> must hold (<see langword="null"/> when it does not).
    /// </summary>
    public IReadOnlyList<MessageSnapshot>? ReceiveDeferred(IEnumerable<long> sequenceNumbers, bool peekLock, string? sessionId = null, string? requester = null)
    {
        var result = new List<MessageSnapshot>();
        lock (gate)
        {
            var now = Now;
            if (RequiresSession && !(sessionId is not null && sessions.TryGetValue(sessionId, out var session) && session.IsHeldBy(requester, now)))
            {
                return null;
            }

            var wanted = sequenceNumbers.Select(number =>
                messages.TryGetValue(number, out var message) && message.State == MessageState.Deferred
                    && (!RequiresSession || SessionIdOf(message) == sessionId)
                    ? message
                    : throw new KeyNotFoundException($"No deferred message with sequence number {number} in '{Path}'.")).ToList();
            foreach (var message in wanted)
            {
                if (peekLock)
                {
                    Lock(message, now);
                }
                else
                {
                    Remove(message);
                }

                result.Add(MessageSnapshot.Of(message, withLock: peekLock));
            }
        }

        return result;
    }

    /// <summary>Removes scheduled messages that have not come due; unknown numbers are ignored, as in the service.</summary>
    public void CancelScheduled(IEnumerable<long> sequenceNumbers)
    {
        lock (gate)
        {
            foreach (var number in sequenceNumbers)
            {
                if (messages.TryGetValue(number, out var message) && message.State == MessageState.Scheduled)
                {
                    Remove(message); // the sweep skips a message no longer stored
                }
            }
        }
    }
}
