using System.Collections.Concurrent;

namespace Cqrs.EventSourcing;

/// <summary>The claims: by id, what this process is publishing, has delivered but not forgotten, or has just forgotten.</summary>
internal sealed partial class StoredMessageRelay<T>
{
    // A claim's state: being published; delivered but not yet forgotten; or (positive) the _clock tick it was forgotten at.
    private const long InFlight = 0;
    private const long Unforgotten = -1;

    private readonly ConcurrentDictionary<Guid, Claim> _claims = new();
    private long _clock;
    private int _sweeping;

    /// <summary>
    /// Claims entries about to be stored, before they are: a sweep that finds them stored afterwards leaves them to
    /// whoever publishes them (<see cref="PublishAsync"/>), however late that comes.
    /// </summary>
    public void ClaimAhead(IEnumerable<Guid> ids)
    {
        foreach (var id in ids)
        {
            _claims[id] = Claim.New();
        }
    }

    /// <summary>Claims <paramref name="entry"/> unless this process holds a claim on it already.</summary>
    public bool TryClaim(T entry) => _claims.TryAdd(source.IdOf(entry), Claim.New());

    /// <summary>Gives up a claim; should its entry be stored, a sweep publishes it.</summary>
    public void Unclaim(Guid id)
    {
        if (_claims.TryRemove(id, out var claim))
        {
            claim.Settled.TrySetResult();
        }
    }

    /// <summary>Marks the claims of delivered entries, which stay claimed until forgotten; returns them, to settle.</summary>
    private List<Claim> MarkDelivered(List<T> delivered)
    {
        var claims = new List<Claim>(delivered.Count);
        foreach (var entry in delivered)
        {
            var id = source.IdOf(entry);
            if (_claims.TryGetValue(id, out var claim))
            {
                _claims[id] = claim with { State = Unforgotten };
                claims.Add(claim);
            }
        }

        return claims;
    }

    /// <summary>
    /// Drops the claims of entries just forgotten, unless a sweep is under way: it may have read them before they
    /// were forgotten, so they stay claimed (with the tick they were forgotten at) until it ends.
    /// </summary>
    private void Release(IEnumerable<T> forgotten)
    {
        var sweepUnderWay = Volatile.Read(ref _sweeping) > 0;
        var tick = Interlocked.Increment(ref _clock);
        foreach (var entry in forgotten)
        {
            var id = source.IdOf(entry);
            if (!_claims.TryGetValue(id, out var claim))
            {
                continue;
            }

            if (sweepUnderWay)
            {
                _claims[id] = claim with { State = tick };
            }
            else
            {
                _claims.TryRemove(id, out _);
            }
        }
    }

    /// <summary>Tells whoever waits on these claims (a sweep that read them) that their forgetting has ended, one way or the other.</summary>
    private static void Settled(List<Claim> claims)
    {
        foreach (var claim in claims)
        {
            claim.Settled.TrySetResult();
        }
    }

    /// <summary>Entries forgotten before this sweep read the store are not in it now and never will be again.</summary>
    private void ForgetReleasedBefore(long sweepStarted)
    {
        foreach (var (id, claim) in _claims)
        {
            if (claim.State > 0 && claim.State < sweepStarted)
            {
                _claims.TryRemove(KeyValuePair.Create(id, claim));
            }
        }
    }

    /// <param name="State">In flight, unforgotten, or the tick it was forgotten at.</param>
    /// <param name="Settled">Completes once the claim's entry is no longer being published (unclaimed or its forgetting ended).</param>
    private sealed record Claim(long State, TaskCompletionSource Settled)
    {
        public static Claim New() => new(InFlight, new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
    }
}
