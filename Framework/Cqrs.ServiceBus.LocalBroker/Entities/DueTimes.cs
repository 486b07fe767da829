namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Messages (by sequence number) ordered by the time something happens to them: a lock expires, a scheduled message
/// comes due, a message's time to live ends. An entry leaves when the message is settled or removed, so the index
/// never holds more than the entity does.
/// </summary>
internal sealed class DueTimes
{
    private readonly SortedSet<(DateTime Due, long SequenceNumber)> entries = [];

    public void Add(DateTime due, long sequenceNumber) => entries.Add((due, sequenceNumber));

    public void Remove(DateTime due, long sequenceNumber) => entries.Remove((due, sequenceNumber));

    /// <summary>Removes and returns the sequence numbers due at <paramref name="now"/>, earliest first.</summary>
    public List<long> TakeDue(DateTime now)
    {
        var due = new List<long>();
        while (entries.Count > 0 && entries.Min.Due <= now)
        {
            var first = entries.Min;
            entries.Remove(first);
            due.Add(first.SequenceNumber);
        }

        return due;
    }
}
