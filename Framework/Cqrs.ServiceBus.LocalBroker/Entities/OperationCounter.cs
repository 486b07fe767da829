namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>Counts the broker's billable operations (<see cref="BrokerOperations"/>) from every link and node. Thread-safe.</summary>
internal sealed class OperationCounter
{
    /// <summary>Service Bus bills a message once per 64 KB begun.</summary>
    private const int BilledChunkBytes = 64 * 1024;

    private long sends;
    private long receives;
    private long settlements;
    private long lockRenewals;
    private long other;

    public BrokerOperations Read() => new(
        Interlocked.Read(ref sends),
        Interlocked.Read(ref receives),
        Interlocked.Read(ref settlements),
        Interlocked.Read(ref lockRenewals),
        Interlocked.Read(ref other));

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
