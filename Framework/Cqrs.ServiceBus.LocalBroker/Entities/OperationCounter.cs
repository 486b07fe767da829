namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Counts the broker's billable operations from every link and node. Thread-safe. The counts are read one by one:
/// the broker's public entry point puts them together, so the broker's parts never read its public types.
/// </summary>
internal sealed class OperationCounter
{
    /// <summary>Service Bus bills a message once per 64 KB begun.</summary>
    private const int BilledChunkBytes = 64 * 1024;

    private long sends;
    private long receives;
    private long settlements;
    private long lockRenewals;
    private long other;

    public long Sends => Interlocked.Read(ref sends);

    public long Receives => Interlocked.Read(ref receives);

    public long Settlements => Interlocked.Read(ref settlements);

    public long LockRenewals => Interlocked.Read(ref lockRenewals);

    public long Other => Interlocked.Read(ref other);

    public void Sent(IReadOnlyList<MessageContent> messages)
    {
        long chunks = 0;
        for (var index = 0; index < messages.Count; index++)
        {
            chunks += Chunks(messages[index].Size);
        }

        Interlocked.Add(ref sends, chunks);
    }

    public void Delivered(MessageContent message) => Interlocked.Add(ref receives, Chunks(message.Size));

    public void Settled(int count = 1) => Interlocked.Add(ref settlements, count);

    public void LocksRenewed(int count) => Interlocked.Add(ref lockRenewals, count);

    public void OtherRequest() => Interlocked.Increment(ref other);

    private static long Chunks(int size) => Math.Max(1, (size + BilledChunkBytes - 1) / BilledChunkBytes);
}
