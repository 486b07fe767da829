namespace Cqrs.EventSourcing;

/// <summary>The sweep: publishes what the store holds and nobody here is publishing, batch by batch.</summary>
internal sealed partial class StoredMessageRelay<T>
{
    /// <summary>
    /// Reads the entries due (<see cref="IStoredMessageSource{T}.ReadDueAsync"/>), forgets those delivered here
    /// already without publishing them again, publishes the unclaimed ones, and reads again for as long as the source's
    /// <see cref="IStoredMessageSource{T}.ReadAgainAsync"/> says. The store has no cursor, so what stands at the head of
    /// a read is read again until it is gone: each entry is published at most once per sweep. Returns how many entries
    /// it handed over.
    /// </summary>
    public async Task<int> SweepAsync(CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _sweeping);
        try
        {
            var sweepStarted = Interlocked.Increment(ref _clock);
            var attempted = new HashSet<Guid>();
            var total = 0;
            while (true)
            {
                var pass = await PassAsync(attempted, cancellationToken).ConfigureAwait(false);
                total += pass.Published;
                if (!await source.ReadAgainAsync(pass, cancellationToken).ConfigureAwait(false))
                {
                    ForgetReleasedBefore(sweepStarted);
                    return total;
                }
            }
        }
        finally
        {
            Interlocked.Decrement(ref _sweeping);
        }
    }

    private async Task<SweepPass> PassAsync(HashSet<Guid> attempted, CancellationToken cancellationToken)
    {
        var due = await source.ReadDueAsync(cancellationToken).ConfigureAwait(false);
        var attemptedBefore = attempted.Count;
        var fresh = new List<T>();
        var deliveredEarlier = new List<T>();
        var held = new List<Task>();
        foreach (var entry in due)
        {
            var id = source.IdOf(entry);
            if (attempted.Contains(id))
            {
                continue;
            }

            if (!_claims.TryGetValue(id, out var claim))
            {
                fresh.Add(entry);
            }
            else if (claim.State == InFlight)
            {
                held.Add(claim.Settled.Task);
            }
            else
            {
                deliveredEarlier.Add(entry);
            }
        }

        var forgotten = new List<Task<int>>();
        foreach (var group in deliveredEarlier.GroupBy(source.GroupOf))
        {
            List<T> entries = [.. group];
            attempted.UnionWith(entries.Select(source.IdOf));
            await source.ForgetAsync(entries, cancellationToken).ConfigureAwait(false);
            Release(entries);
            forgotten.Add(Task.FromResult(entries.Count));
        }

        // One that can never be published is set aside by the source: left there, it would stop every sweep.
        var claimed = new List<T>(fresh.Count);
        foreach (var entry in await source.PublishableAsync(fresh, cancellationToken).ConfigureAwait(false))
        {
            if (TryClaim(entry))
            {
                claimed.Add(entry);
            }
            else
            {
                // Claimed meanwhile; or released since, when it is not found: read again, to see whether it is still stored.
                held.Add(_claims.TryGetValue(source.IdOf(entry), out var claim) ? claim.Settled.Task : Task.CompletedTask);
            }
        }

        attempted.UnionWith(claimed.Select(source.IdOf));
        var published = 0;
        foreach (var group in claimed.GroupBy(source.GroupOf))
        {
            List<T> entries = [.. group];
            var publication = await PublishAsync(entries, cause: null, cancellationToken).ConfigureAwait(false);
            published += publication.HandedOver;
            forgotten.Add(publication.Settling);
            if (publication.Failure is { } failure)
            {
                // Stopping is the caller's: it gets it back, and what was handed over is still forgotten once delivered.
                if (failure.SourceException is OperationCanceledException && cancellationToken.IsCancellationRequested)
                {
                    failure.Throw();
                }

                source.LogPublishFailed(failure.SourceException, entries[publication.HandedOver], entries.Count - publication.HandedOver);
            }
        }

        return new SweepPass(due.Count, attempted.Count > attemptedBefore, published, Sum(forgotten), held.Count, Task.WhenAll(held));
    }

    private static async Task<int> Sum(List<Task<int>> counts) => (await Task.WhenAll(counts).ConfigureAwait(false)).Sum();
}

/// <summary>What one read of a sweep found and did.</summary>
/// <param name="Read">How many entries the source read.</param>
/// <param name="AttemptedAny">True when it published or forgot an entry not attempted before in this sweep.</param>
/// <param name="Published">How many entries it handed over.</param>
/// <param name="Forgotten">How many entries are forgotten, once those handed over are delivered; never faults.</param>
/// <param name="HeldCount">How many entries it found under way here already.</param>
/// <param name="Held">Completes once those under way here are settled.</param>
internal sealed record SweepPass(int Read, bool AttemptedAny, int Published, Task<int> Forgotten, int HeldCount, Task Held);
