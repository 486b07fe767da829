namespace Cqrs.EventSourcing;

/// <summary>
/// Mutual exclusion per key within this process, over a fixed set of semaphores: keys that hash alike share one,
/// which costs only some waiting. Thread-safe.
/// </summary>
internal sealed class KeyedLocks
{
    private readonly SemaphoreSlim[] _stripes = [.. Enumerable.Range(0, 64).Select(_ => new SemaphoreSlim(1, 1))];

    /// <summary>Waits for the key's lock; dispose the result to release it.</summary>
    public async ValueTask<Releaser> EnterAsync(string key, CancellationToken cancellationToken)
    {
        var stripe = _stripes[(int)((uint)StringComparer.Ordinal.GetHashCode(key) % (uint)_stripes.Length)];
        await stripe.WaitAsync(cancellationToken).ConfigureAwait(false);
        return new Releaser(stripe);
    }

    /// <summary>Releases a held lock once.</summary>
    public readonly struct Releaser(SemaphoreSlim stripe) : IDisposable
    {
        public void Dispose() => stripe.Release();
    }
}
