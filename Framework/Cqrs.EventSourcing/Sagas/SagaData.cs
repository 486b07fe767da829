using System.Buffers;
using MessagePack;

namespace Cqrs.EventSourcing;

/// <summary>
/// What a saga record's data holds: the state in its generated codec's MessagePack, and the ids of the latest messages
/// handled, newest last, to recognise a repeat. Written as a MessagePack array of the two.
/// </summary>
internal static class SagaData
{
    public static byte[] Write(ReadOnlySpan<byte> state, IReadOnlyList<Guid> handled)
    {
        var buffer = new ArrayBufferWriter<byte>(state.Length + 4 + (handled.Count * 18));
        var writer = new MessagePackWriter(buffer);
        writer.WriteArrayHeader(2);
        writer.Write(state);
        writer.WriteArrayHeader(handled.Count);
        var id = new byte[16];
        foreach (var messageId in handled)
        {
            messageId.TryWriteBytes(id, bigEndian: true, out _);
            writer.Write(id);
        }

        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <exception cref="MessagePackSerializationException">The data is not of this shape.</exception>
    public static (ReadOnlyMemory<byte> State, List<Guid> Handled) Read(ReadOnlyMemory<byte> data)
    {
        var reader = new MessagePackReader(data);
        if (reader.ReadArrayHeader() != 2)
        {
            throw new MessagePackSerializationException("a saga's data is an array of two.");
        }

        var state = reader.ReadBytes() is { } bytes ? bytes.ToArray() : [];
        var count = reader.ReadArrayHeader();
        var handled = new List<Guid>(count + 1);
        for (var i = 0; i < count; i++)
        {
            var id = reader.ReadBytes() ?? throw new MessagePackSerializationException("a handled message id is nil.");
            handled.Add(new Guid(id.FirstSpan.Length == 16 ? id.FirstSpan : id.ToArray(), bigEndian: true));
        }

        return (state, handled);
    }
}
