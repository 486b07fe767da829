namespace Cqrs.EventSourcing;

/// <summary>
/// Mutual exclusion per key within this process: one semaphore per key in use, dropped when its last holder or
/// waiter leaves. Distinct keys never wait for each other, so work holding one key may take another on the same
/// call stack (an inbox handler whose work publishes, in direct dispatch, runs the next inbox handler inside its
/// own lock). Not re-entrant for one key. Thread-safe.
/// </summary>
internal sealed class KeyedLocks
{
    private readonly Dictionary<string, KeyLock> _locks = new(StringComparer.Ordinal);

    /// <summary>Waits for the key's lock; dispose the result to release it.</summary>
    public async ValueTask<Releaser> EnterAsync(string key, CancellationToken cancellationToken)
    {
        KeyLock keyLock;
        lock (_locks)
        {
            if (!_locks.TryGetValue(key, out keyLock!))
            {
                _locks[key] = keyLock = new KeyLock();
            }

            keyLock.Users++;
        }

        try
        {
            await keyLock.Semaphore.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            Leave(key, keyLock);
            throw;
        }

        return new Releaser(this, key, keyLock);
    }

    /// <summary>Counts a holder or waiter out, dropping the key's lock when nobody else holds it or waits for it.</summary>
    private void Leave(string key, KeyLock keyLock)
    {
        lock (_locks)
        {
            if (--keyLock.Users == 0)
            {
                _locks.Remove(key);
            }
        }
    }

    /// <summary>Releases a held lock once.</summary>
    public readonly struct Releaser : IDisposable
    {
        private readonly KeyedLocks _owner;
        private readonly string _key;
        private readonly KeyLock _keyLock;

        internal Releaser(KeyedLocks owner, string key, KeyLock keyLock)
        {
            _owner = owner;
            _key = key;
            _keyLock = keyLock;
        }

        public void Dispose()
        {
            _keyLock.Semaphore.Release();
            _owner.Leave(_key, _keyLock);
        }
    }

    /// <summary>One key's semaphore and how many hold it or wait for it (guarded by the dictionary's lock).</summary>
    internal sealed class KeyLock
    {
        public SemaphoreSlim Semaphore { get; } = new(1, 1);

        public int Users { get; set; }
    }
}
