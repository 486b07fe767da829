using Cqrs.Pipeline;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Support;

/// <summary>Message bodies as the pipeline writes them, for tests that put raw messages on a transport.</summary>
internal static class Payloads
{
    /// <summary>The MessagePack body of <paramref name="message"/>, written with the container's codec and not validated.</summary>
    public static byte[] Of<T>(IServiceProvider provider, T message) =>
        ((MessageDefinition<T>)provider.GetRequiredService<MessageCatalog>().DefinitionOf(typeof(T))).Serialize(message);
}
