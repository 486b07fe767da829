using Cqrs.Generated;
using Cqrs.Pipeline;

namespace Cqrs.Tests.Serialization.Interop;

/// <summary>The framework's side: the generated codec, reached as a transport reaches it, through the registry's descriptor.</summary>
internal static class InteropCodec
{
    private static readonly MessageDescriptor<InteropEverything> Descriptor = Find();

    public static byte[] Serialize(InteropEverything message) => Descriptor.Serialize(message);

    public static InteropEverything Deserialize(byte[] payload) => Descriptor.Deserialize(payload);

    private static MessageDescriptor<InteropEverything> Find()
    {
        var builder = new MessageRegistryBuilder();
        CqrsTestsMessageRegistry.Instance.Register(builder);
        return builder.Messages.OfType<MessageDescriptor<InteropEverything>>().Single();
    }
}
