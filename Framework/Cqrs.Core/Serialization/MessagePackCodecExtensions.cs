using System.Buffers;
using MessagePack;

namespace Cqrs.Serialization;

/// <summary>Whole values to and from bytes through a codec: the one place where bytes are read.</summary>
public static class MessagePackCodecExtensions
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

    /// <summary>
    /// Reads one value that must take every byte, from untrusted data: at most <paramref name="maxBytes"/> of it, nested
    /// no deeper than <see cref="MessagePackSecurity.UntrustedData"/> allows.
    /// </summary>
    /// <exception cref="MessageFormatException">
    /// The bytes are too many or not one valid <typeparamref name="T"/>: whatever MessagePack-CSharp's reader, its
    /// formatters or the type's constructor throw comes wrapped in it, and the message names the value by
    /// <paramref name="wireName"/> and <paramref name="role"/> ("payload", "snapshot").
    /// </exception>
    public static T FromBytes<T>(this IMessagePackCodec<T> codec, ReadOnlyMemory<byte> bytes, string wireName, string role, int maxBytes = int.MaxValue)
    {
        if (bytes.Length > maxBytes)
        {
            throw new MessageFormatException($"The {wireName} {role} has {bytes.Length} bytes, over the {maxBytes}-byte limit.");
        }

        var reader = new MessagePackReader(bytes);
        T value;
        try
        {
            value = codec.Deserialize(ref reader);
        }
        catch (MessageFormatException exception)
        {
            throw new MessageFormatException($"The {wireName} {role} is not valid: {exception.Message}", exception);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            // MessagePackSerializationException, EndOfStreamException, OverflowException, InsufficientExecutionStackException
            // (depth), or an argument exception from a value's constructor: to a receiver, all mean the same unreadable data.
            throw new MessageFormatException($"The {wireName} {role} is not valid: {exception.Message}", exception);
        }

        return reader.End ? value : throw new MessageFormatException($"{bytes.Length - reader.Consumed} bytes follow the {wireName} {role}.");
    }
}
