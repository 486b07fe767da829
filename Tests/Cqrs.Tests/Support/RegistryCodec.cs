using Cqrs.Generated;

namespace Cqrs.Tests.Support;

/// <summary>
/// A message of this assembly through its generated codec, reached as a transport reaches it: the registry's definition,
/// reading at the pipeline's default size limit. No container needed.
/// </summary>
internal static class RegistryCodec<T>
{
    private static readonly MessageDefinition<T> Definition = Find();

    public static byte[] Serialize(T message) => Definition.Serialize(message);

    public static T Deserialize(byte[] payload) => Definition.Deserialize(payload, new CqrsOptions().MaxMessageBytes);

    private static MessageDefinition<T> Find()
    {
        var builder = new MessageRegistryBuilder();
        CqrsTestsMessageRegistry.Instance.Register(builder);
        return builder.Messages.OfType<MessageDefinition<T>>().Single();
    }
}
