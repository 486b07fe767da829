using System.Buffers.Binary;
using System.Text;
using Cqrs.Identifiers;

namespace Cqrs.Transports;

/// <summary>
/// The ids the pipeline's copies of a received message travel under (<see cref="TransportMessage.TransportId"/>):
/// name-based UUIDs (RFC 9562, version 5) under <see cref="Namespace"/>, of the copy's kind (one byte), the copied
/// message's id (16 bytes, in the RFC's order), the copy's retry count (4 bytes, big-endian) and the handler's name
/// (UTF-8). A copy made again, when its delivery is handled again after a crash or a lost lock, gets the id it got
/// the first time, so a broker's duplicate detection drops the repeat; two different copies never share an id, and
/// no copy shares the message's own. Thread-safe (no state).
/// </summary>
internal static class MessageCopyIds
{
    /// <summary>Ours, drawn at random once.</summary>
    public static readonly Guid Namespace = new("3c623a4b-651a-4e3f-a4c9-20967ce35119");

    private const int FixedBytes = 1 + 16 + sizeof(int);

    /// <summary>The id of the <paramref name="kind"/> copy of message <paramref name="copied"/> for <paramref name="handler"/>, after <paramref name="retryCount"/> delayed retries.</summary>
    public static Guid Of(MessageCopyKind kind, Guid copied, int retryCount, string handler)
    {
        var name = new byte[FixedBytes + Encoding.UTF8.GetByteCount(handler)];
        name[0] = (byte)kind;
        copied.TryWriteBytes(name.AsSpan(1, 16), bigEndian: true, out _);
        BinaryPrimitives.WriteInt32BigEndian(name.AsSpan(17, sizeof(int)), retryCount);
        Encoding.UTF8.GetBytes(handler, name.AsSpan(FixedBytes));
        return NameBasedUuid.Of(Namespace, name);
    }
}
