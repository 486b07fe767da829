namespace Cqrs.Transports.InProcess;

/// <summary>
/// Whose turn it is, per ordering key: one message of a key at a time is with the workers (queued or being handled);
/// the ones sent after it wait here, in the order sent, until it is settled. Keys nothing waits on are forgotten, so
/// memory follows the keys under way, not every key ever seen. Thread-safe.
/// </summary>
internal sealed class KeyTurns
{
    /// <summary>Each key under way, with the messages that wait behind the one that has its turn (null while none waits).</summary>
    private readonly Dictionary<string, Queue<TransportMessage>?> _keys = new(StringComparer.Ordinal);
    private bool _closed;

    /// <summary>
    /// True when <paramref name="message"/> has its key's turn now and goes to the workers; false when it waits behind
    /// an earlier message of its key. Once closed, every message has its turn (the queue it would join is shut).
    /// </summary>
    public bool TryTake(string key, TransportMessage message)
    {
        lock (_keys)
        {
            if (_closed)
            {
                return true;
            }

            if (!_keys.TryGetValue(key, out var waiting))
            {
                _keys.Add(key, null);
                return true;
            }

            if (waiting is null)
            {
                _keys[key] = waiting = new Queue<TransportMessage>();
            }

            waiting.Enqueue(message);
            return false;
        }
    }

    /// <summary>The message of <paramref name="key"/> whose turn it was is settled: the next one, which has the turn now, or null when none waits.</summary>
    public TransportMessage? Next(string key)
    {
        lock (_keys)
        {
            if (_closed || !_keys.TryGetValue(key, out var waiting))
            {
                return null;
            }

            if (waiting is { Count: > 0 })
            {
                return waiting.Dequeue();
            }

            _keys.Remove(key);
            return null;
        }
    }

    /// <summary>Gives every turn from now on, and returns the messages that were waiting for theirs, to be set aside.</summary>
    public List<TransportMessage> Close()
    {
        lock (_keys)
        {
            _closed = true;
            var waiting = _keys.Values.Where(queue => queue is not null).SelectMany(queue => queue!).ToList();
            _keys.Clear();
            return waiting;
        }
    }
}
