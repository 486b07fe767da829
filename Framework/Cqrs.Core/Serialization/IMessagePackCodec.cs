namespace Cqrs.Serialization;

/// <summary>
/// Writes and reads one type in MessagePack: an array indexed by the members' <see cref="KeyAttribute"/>.
/// Implementations are generated at compile time; they are stateless and thread-safe.
/// </summary>
/// <typeparam name="T">The type serialized.</typeparam>
public interface IMessagePackCodec<T>
{
    /// <summary>Writes <paramref name="value"/>.</summary>
    void Serialize(ref MessagePackWriter writer, T value);

    /// <summary>Reads a value.</summary>
    /// <exception cref="MessageFormatException">The data is not a valid <typeparamref name="T"/>.</exception>
    T Deserialize(ref MessagePackReader reader);
}
