using Cqrs.Generated;
using Cqrs.Pipeline;

namespace Cqrs.Tests.Support;

/// <summary>The descriptors of this assembly's generated registry, without a container: the codec as a transport reaches it.</summary>
internal static class RegistryDescriptors
{
    public static MessageDescriptor<T> Of<T>()
    {
        var builder = new MessageRegistryBuilder();
        CqrsTestsMessageRegistry.Instance.Register(builder);
        return builder.Messages.OfType<MessageDescriptor<T>>().Single();
    }
}
