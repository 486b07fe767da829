using Cqrs.Pipeline;
using Cqrs.Tests.Support;

namespace Cqrs.Tests.Serialization.Interop;

/// <summary>The framework's side: the generated codec, reached as a transport reaches it, through the registry's descriptor.</summary>
internal static class InteropCodec
{
    private static readonly MessageDescriptor<InteropEverything> Descriptor = RegistryDescriptors.Of<InteropEverything>();

    public static byte[] Serialize(InteropEverything message) => Descriptor.Serialize(message);

    public static InteropEverything Deserialize(byte[] payload) => Descriptor.Deserialize(payload);
}
