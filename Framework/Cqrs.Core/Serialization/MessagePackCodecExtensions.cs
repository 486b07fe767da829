using System.Buffers;

namespace Cqrs.Serialization;

/// <summary>Whole values to and from bytes through a codec.</summary>
internal static class MessagePackCodecExtensions
{
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_buffer;

    /// <summary>The value's bytes, written through a per-thread buffer, so only the result is allocated.</summary>
    public static byte[] ToBytes<T>(this IMessagePackCodec<T> codec, T value)
    {
        var buffer = t_buffer ??= new ArrayBufferWriter<byte>(512);
        buffer.ResetWrittenCount();
        var writer = new MessagePackWriter(buffer);
        codec.Serialize(ref writer, value);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Reads one value that must take every byte.</summary>
    /// <exception cref="MessageFormatException">The bytes are not one valid <typeparamref name="T"/>: the message names it by <paramref name="wireName"/> and <paramref name="role"/> ("payload", "snapshot").</exception>
    public static T FromBytes<T>(this IMessagePackCodec<T> codec, ReadOnlySpan<byte> bytes, string wireName, string role)
    {
        var reader = new MessagePackReader(bytes);
        var value = codec.Deserialize(ref reader);
        return reader.End ? value : throw new MessageFormatException($"{bytes.Length - reader.Consumed} bytes follow the {wireName} {role}.");
    }
}
