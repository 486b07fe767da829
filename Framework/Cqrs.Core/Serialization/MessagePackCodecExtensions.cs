using System.Buffers;

namespace Cqrs.Serialization;

/// <summary>Whole values to and from bytes through a codec.</summary>
internal static class MessagePackCodecExtensions
{
    /// <summary>The most a thread's buffer keeps between values: one rare large message must not pin its size for good.</summary>
    internal const int MaxRetainedBufferBytes = 64 * 1024;

    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_buffer;

    /// <summary>The size of the buffer this thread keeps for its next value; 0 when it keeps none.</summary>
    internal static int RetainedBufferBytes => t_buffer?.Capacity ?? 0;

    /// <summary>
    /// The value's bytes, written through a per-thread buffer, so only the result is allocated. A buffer grown past
    /// <see cref="MaxRetainedBufferBytes"/> is let go after use.
    /// </summary>
    public static byte[] ToBytes<T>(this IMessagePackCodec<T> codec, T value)
    {
        var buffer = t_buffer ??= new ArrayBufferWriter<byte>(512);
        buffer.ResetWrittenCount();
        try
        {
            var writer = new MessagePackWriter(buffer);
            codec.Serialize(ref writer, value);
            writer.Flush();
            return buffer.WrittenSpan.ToArray();
        }
        finally
        {
            if (buffer.Capacity > MaxRetainedBufferBytes)
            {
                t_buffer = null;
            }
        }
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
