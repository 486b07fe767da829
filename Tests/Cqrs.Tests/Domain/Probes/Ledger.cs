namespace Cqrs.Tests.Domain.Probes;

/// <summary>
/// A handler dependency the container disposes, standing in for a connection or a client: writing after
/// disposal throws, as theirs would. What was written stays readable. Thread-safe.
/// </summary>
public sealed class Ledger : IDisposable
{
    private readonly Lock _lock = new();
    private readonly List<int> _entries = [];
    private bool _disposed;

    public IReadOnlyList<int> Entries
    {
        get
        {
            lock (_lock)
            {
                return [.. _entries];
            }
        }
    }

    /// <exception cref="ObjectDisposedException">The container has disposed the ledger.</exception>
    public void Write(int entry)
    {
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            _entries.Add(entry);
        }
    }

    public void Dispose()
    {
        lock (_lock)
        {
            _disposed = true;
        }
    }
}
