using System.Buffers;
using Cqrs.Serialization;

namespace Cqrs.Tests.Serialization;

/// <summary>Writes with a <see cref="MessagePackWriter"/>.</summary>
internal delegate void PackWrite(ref MessagePackWriter writer);

/// <summary>Reads with a <see cref="MessagePackReader"/>.</summary>
internal delegate T PackRead<out T>(ref MessagePackReader reader);

/// <summary>Helpers for the MessagePack tests.</summary>
internal static class MessagePackTesting
{
    /// <summary>The bytes <paramref name="write"/> produces.</summary>
    public static byte[] Pack(PackWrite write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Reads one value and asserts it used every byte.</summary>
    public static T Unpack<T>(byte[] data, PackRead<T> read)
    {
        var reader = new MessagePackReader(data);
        var value = read(ref reader);
        Assert.True(reader.End, $"{data.Length - reader.Consumed} of {data.Length} bytes were left unread.");
        Assert.Equal(data.Length, reader.Consumed);
        return value;
    }

    /// <summary>Asserts reading <paramref name="data"/> throws <see cref="MessageFormatException"/>, and returns it.</summary>
    public static MessageFormatException AssertRejects<T>(byte[] data, PackRead<T> read, int maxDepth = MessagePackReader.DefaultMaxDepth) =>
        Assert.Throws<MessageFormatException>(() =>
        {
            var reader = new MessagePackReader(data, maxDepth);
            read(ref reader);
        });

    /// <summary>Upper-case hex of the bytes.</summary>
    public static string Hex(byte[] data) => Convert.ToHexString(data);

    /// <summary>The bytes of hex written with optional spaces.</summary>
    public static byte[] Bytes(string hex) => Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal));

    /// <summary>Concatenates byte arrays.</summary>
    public static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

    /// <summary><paramref name="count"/> copies of <paramref name="value"/>.</summary>
    public static byte[] Repeat(byte value, int count) => Enumerable.Repeat(value, count).ToArray();

    /// <summary>Every read method of the reader, by name, each returning its value boxed.</summary>
    public static IReadOnlyList<(string Name, PackRead<object?> Read)> AllReads { get; } =
    [
        ("TryReadNil", (ref MessagePackReader r) => r.TryReadNil()),
        ("ReadArrayHeader", (ref MessagePackReader r) => r.ReadArrayHeader()),
        ("ReadMapHeader", (ref MessagePackReader r) => r.ReadMapHeader()),
        ("ReadBoolean", (ref MessagePackReader r) => r.ReadBoolean()),
        ("ReadSByte", (ref MessagePackReader r) => r.ReadSByte()),
        ("ReadByte", (ref MessagePackReader r) => r.ReadByte()),
        ("ReadInt16", (ref MessagePackReader r) => r.ReadInt16()),
        ("ReadUInt16", (ref MessagePackReader r) => r.ReadUInt16()),
        ("ReadInt32", (ref MessagePackReader r) => r.ReadInt32()),
        ("ReadUInt32", (ref MessagePackReader r) => r.ReadUInt32()),
        ("ReadInt64", (ref MessagePackReader r) => r.ReadInt64()),
        ("ReadUInt64", (ref MessagePackReader r) => r.ReadUInt64()),
        ("ReadSingle", (ref MessagePackReader r) => r.ReadSingle()),
        ("ReadDouble", (ref MessagePackReader r) => r.ReadDouble()),
        ("ReadChar", (ref MessagePackReader r) => r.ReadChar()),
        ("ReadString", (ref MessagePackReader r) => r.ReadString()),
        ("ReadBinary", (ref MessagePackReader r) => r.ReadBinary()),
        ("ReadGuid", (ref MessagePackReader r) => r.ReadGuid()),
        ("ReadDateTime", (ref MessagePackReader r) => r.ReadDateTime()),
        ("ReadDateTimeOffset", (ref MessagePackReader r) => r.ReadDateTimeOffset()),
        ("ReadTimeSpan", (ref MessagePackReader r) => r.ReadTimeSpan()),
        ("ReadDecimal", (ref MessagePackReader r) => r.ReadDecimal()),
        ("Skip", (ref MessagePackReader r) =>
        {
            r.Skip();
            return null;
        }),
        ("EnterNested per header", (ref MessagePackReader r) =>
        {
            // What generated code does with nested arrays: header, enter, elements, leave.
            while (!r.End && !r.TryReadNil())
            {
                r.ReadArrayHeader();
                r.EnterNested();
            }

            return null;
        }),
    ];
}
