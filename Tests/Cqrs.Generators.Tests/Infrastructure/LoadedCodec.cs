using System.Buffers;
using System.Reflection;
using Cqrs.Serialization;
using MessagePack;

namespace Cqrs.Generators.Tests.Infrastructure;

/// <summary>A generated codec of a type known only at run time, called through <see cref="IMessagePackCodec{T}"/>.</summary>
internal sealed class LoadedCodec(Type type, object codec)
{
    private static readonly MethodInfo SerializeMethod = typeof(LoadedCodec).GetMethod(nameof(SerializeAs), BindingFlags.NonPublic | BindingFlags.Static)!;
    private static readonly MethodInfo DeserializeMethod = typeof(LoadedCodec).GetMethod(nameof(DeserializeAs), BindingFlags.NonPublic | BindingFlags.Static)!;

    public byte[] Serialize(object value) => (byte[])Invoke(SerializeMethod, value);

    public object Deserialize(byte[] payload) => Invoke(DeserializeMethod, payload);

    private static byte[] SerializeAs<T>(IMessagePackCodec<T> codec, T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        codec.Serialize(ref writer, value);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Through the boundary transports read at, which refuses unread bytes and wraps every failure.</summary>
    private static T DeserializeAs<T>(IMessagePackCodec<T> codec, byte[] payload) => codec.FromBytes(payload, typeof(T).Name, "payload");

    private object Invoke(MethodInfo method, object argument) =>
        method.MakeGenericMethod(type).Invoke(null, BindingFlags.DoNotWrapExceptions, null, [codec, argument], null)!;
}
