namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>What the <c>$management</c> node asks of an entity: peek, deferred messages, cancelling scheduled ones.</summary>
internal sealed partial class MessageEntity
{
    /// <summary>Up to <paramref name="count"/> messages from <paramref name="fromSequenceNumber"/> on (inclusive), in any state, none locked.</summary>
    public IReadOnlyList<MessageSnapshot> Peek(long fromSequenceNumber, int count)
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

                if (sequenceNumber >= fromSequenceNumber && (message.ExpiresAt > now || message.State == MessageState.Locked))
                {
                    result.Add(MessageSnapshot.Of(message, withLock: false));
                }
            }
        }

        return result;
    }

    /// <summary>
    /// Deferred messages by sequence number, locked (peek-lock) or removed (receive-and-delete). Throws
    /// <see cref="KeyNotFoundException"/> when one is not deferred here, as the service fails the whole request.
    /// </summary>
    public IReadOnlyList<MessageSnapshot> ReceiveDeferred(IEnumerable<long> sequenceNumbers, bool peekLock)
    {
        var result = new List<MessageSnapshot>();
        lock (gate)
        {
            var now = Now;
            var wanted = sequenceNumbers.Select(number =>
                messages.TryGetValue(number, out var message) && message.State == MessageState.Deferred
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
