using MessagePack;

namespace Cqrs.Serialization;

/// <summary>
/// Writes and reads one type in MessagePack: an array indexed by the members' <see cref="KeyAttribute"/>.
/// Implementations are generated at compile time on MessagePack-CSharp's reader and writer; they are stateless and
/// thread-safe.
/// </summary>
/// <typeparam name="T">The type serialized.</typeparam>
public interface IMessagePackCodec<T>
{
    /// <summary>Writes <paramref name="value"/>.</summary>
    void Serialize(ref MessagePackWriter writer, T value);

    /// <summary>Reads a value, treating the data as untrusted.</summary>
    /// <exception cref="MessageFormatException">The data is not a valid <typeparamref name="T"/> (nil or missing where a value is required, a duplicate map key, a collection longer than the data can hold).</exception>
    /// <exception cref="MessagePackSerializationException">MessagePack-CSharp's reader found invalid data; callers read through <c>FromBytes</c>, which turns this and every other failure into <see cref="MessageFormatException"/>.</exception>
    T Deserialize(ref MessagePackReader reader);
}
