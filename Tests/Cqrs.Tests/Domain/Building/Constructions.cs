namespace Cqrs.Tests.Domain.Building;

/// <summary>Counts what the container built, by type: for tests that a process builds only what it runs. One per container. Thread-safe.</summary>
public sealed class Constructions
{
    private readonly Lock _lock = new();
    private readonly List<Type> _built = [];

    /// <summary>Every type built so far, once per instance, oldest first.</summary>
    public IReadOnlyList<Type> Built
    {
        get
        {
            lock (_lock)
            {
                return [.. _built];
            }
        }
    }

    public void Record(object built)
    {
        lock (_lock)
        {
            _built.Add(built.GetType());
        }
    }

    /// <summary>Instances of <typeparamref name="T"/> built so far.</summary>
    public int Of<T>() => Built.Count(type => type == typeof(T));
}
