using System.Collections.Concurrent;

namespace Cqrs.Tests.Domain.Probes;

/// <summary>The ids of the scopes validators ran in, one per validation. Thread-safe.</summary>
public sealed class ValidationScopes
{
    private readonly ConcurrentQueue<Guid> _ids = new();

    public IReadOnlyList<Guid> Ids => [.. _ids];

    public bool Saw(Guid scopeId)
    {
        _ids.Enqueue(scopeId);
        return true;
    }
}
