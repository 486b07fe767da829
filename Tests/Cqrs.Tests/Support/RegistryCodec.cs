using Cqrs.Generated;
using Cqrs.Pipeline;

namespace Cqrs.Tests.Support;

/// <summary>
/// A message of this assembly through its generated codec, reached as a transport reaches it: the registry's descriptor,
/// reading at the pipeline's default size limit. No container needed.
/// </summary>
internal static class RegistryCodec<T>
{
    private static readonly MessageDescriptor<T> Descriptor = Find();

    public static byte[] Serialize(T message) => Descriptor.Serialize(message);

    public static T Deserialize(byte[] payload) => Descriptor.Deserialize(payload, new CqrsOptions().MaxMessageBytes);

    private static MessageDescriptor<T> Find()
    {
        var builder = new MessageRegistryBuilder();
        CqrsTestsMessageRegistry.Instance.Register(builder);
        return builder.Messages.OfType<MessageDescriptor<T>>().Single();
    }
}
