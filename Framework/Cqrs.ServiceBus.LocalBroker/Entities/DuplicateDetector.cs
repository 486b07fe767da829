namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// The MessageIds a queue or topic accepted within its duplicate detection history time window. The history is kept
/// twice, as a set to look ids up and in order of acceptance to forget the oldest: each send first forgets what has
/// left the window, so memory follows the ids of one window, whatever the rate. Not thread-safe: the send target
/// calls it under its own lock.
/// </summary>
internal sealed class DuplicateDetector(TimeSpan window)
{
    private readonly HashSet<string> accepted = new(StringComparer.Ordinal);
    private readonly Queue<(string Id, DateTime At)> history = new();

    /// <summary>
    /// The messages of <paramref name="contents"/> that are not repeats: neither accepted within the window nor
    /// preceded by one of the same id in <paramref name="contents"/>. A message without an id repeats nothing.
    /// </summary>
    public List<MessageContent> Fresh(IReadOnlyList<MessageContent> contents, DateTime now)
    {
        ForgetBefore(now - window);
        var fresh = new List<MessageContent>(contents.Count);
        HashSet<string>? inThisSend = null;
        foreach (var content in contents)
        {
            if (content.MessageId is not { } id)
            {
                fresh.Add(content);
            }
            else if (!accepted.Contains(id) && (inThisSend ??= new(StringComparer.Ordinal)).Add(id))
            {
                fresh.Add(content);
            }
        }

        return fresh;
    }

    /// <summary>Records the ids of messages stored at <paramref name="now"/>, from <see cref="Fresh"/>.</summary>
    public void Remember(IEnumerable<MessageContent> stored, DateTime now)
    {
        foreach (var content in stored)
        {
            if (content.MessageId is { } id && accepted.Add(id))
            {
                history.Enqueue((id, now));
            }
        }
    }

    private void ForgetBefore(DateTime start)
    {
        while (history.TryPeek(out var oldest) && oldest.At <= start)
        {
            history.Dequeue();
            accepted.Remove(oldest.Id);
        }
    }
}
