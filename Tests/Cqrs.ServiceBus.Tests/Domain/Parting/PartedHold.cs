namespace Cqrs.ServiceBus.Tests.Domain.Parting;

/// <summary>Makes <see cref="PartedHeldHandler"/> hold one call, once armed. One per container. Thread-safe.</summary>
public sealed class PartedHold
{
    private int _armed;

    public void Arm() => Volatile.Write(ref _armed, 1);

    /// <summary>True once after <see cref="Arm"/>: the call that holds.</summary>
    internal bool TryTake() => Interlocked.Exchange(ref _armed, 0) == 1;
}
