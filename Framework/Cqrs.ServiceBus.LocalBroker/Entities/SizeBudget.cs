namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// The bytes an entity and its dead-letter queue hold together, against the entity's maximum size. Shared by both
/// (each under its own lock), hence atomic.
/// </summary>
internal sealed class SizeBudget(long maxSizeInBytes)
{
    private long used;

    public long MaxSizeInBytes => maxSizeInBytes;

    public long Used => Volatile.Read(ref used);

    public bool HasRoomFor(long size) => Used + size <= maxSizeInBytes;

    public void Add(long size) => Interlocked.Add(ref used, size);

    public void Release(long size) => Interlocked.Add(ref used, -size);
}
