using System.Buffers;
using MessagePack;

namespace Cqrs.EventSourcing;

/// <summary>
/// What a saga record's data holds: the state in its generated codec's MessagePack; the ids of the latest messages
/// handled, newest last, to recognise a repeat; and the messages decided but not yet known to be delivered, each under
/// the id it is published with (so a second publication is recognisable downstream) and with the id of the message
/// that caused it, so that a repeat of that message, or the sweep of a later process, publishes them (again). Written
/// as a MessagePack array of the three.
/// </summary>
internal sealed record SagaData(ReadOnlyMemory<byte> State, List<Guid> Handled, List<PendingMessage> Pending)
{
    public byte[] Write()
    {
        var buffer = new ArrayBufferWriter<byte>(State.Length + 16 + (Handled.Count * 18));
        var writer = new MessagePackWriter(buffer);
        writer.WriteArrayHeader(3);
        writer.Write(State.Span);
        writer.WriteArrayHeader(Handled.Count);
        foreach (var messageId in Handled)
        {
            writer.Write(messageId.ToByteArray(bigEndian: true));
        }

        writer.WriteArrayHeader(Pending.Count);
        foreach (var pending in Pending)
        {
            writer.WriteArrayHeader(5);
            writer.Write(pending.MessageId.ToByteArray(bigEndian: true));
            writer.Write(pending.CorrelationId.ToByteArray(bigEndian: true));
            writer.Write(pending.CausationId.ToByteArray(bigEndian: true));
            writer.Write(pending.WireName);
            writer.Write(pending.Body);
        }

        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <exception cref="MessagePackSerializationException">The data is not of this shape.</exception>
    public static SagaData Read(ReadOnlyMemory<byte> data)
    {
        var reader = new MessagePackReader(data);
        if (reader.ReadArrayHeader() != 3)
        {
            throw new MessagePackSerializationException("a saga's data is an array of three.");
        }

        var state = Bytes(ref reader);
        var handled = new List<Guid>();
        for (var count = reader.ReadArrayHeader(); count > 0; count--)
        {
            handled.Add(new Guid(Bytes(ref reader), bigEndian: true));
        }

        var pending = new List<PendingMessage>();
        for (var count = reader.ReadArrayHeader(); count > 0; count--)
        {
            if (reader.ReadArrayHeader() != 5)
            {
                throw new MessagePackSerializationException("a pending message is an array of five.");
            }

            var messageId = new Guid(Bytes(ref reader), bigEndian: true);
            var correlationId = new Guid(Bytes(ref reader), bigEndian: true);
            var causationId = new Guid(Bytes(ref reader), bigEndian: true);
            var wireName = reader.ReadString() ?? throw new MessagePackSerializationException("a pending message has no wire name.");
            pending.Add(new PendingMessage(messageId, correlationId, causationId, wireName, Bytes(ref reader)));
        }

        return new SagaData(state, handled, pending);
    }

    private static byte[] Bytes(ref MessagePackReader reader) =>
        reader.ReadBytes() is { } bytes ? bytes.ToArray() : throw new MessagePackSerializationException("nil where a saga's data holds bytes.");
}

/// <summary>
/// A command or event a saga decided on, kept with it until delivered. Its message id is taken when the saga decides,
/// so every publication of it carries the same one.
/// </summary>
internal sealed record PendingMessage(Guid MessageId, Guid CorrelationId, Guid CausationId, string WireName, byte[] Body);
