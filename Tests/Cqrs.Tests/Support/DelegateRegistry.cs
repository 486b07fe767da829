namespace Cqrs.Tests.Support;

/// <summary>A hand-written registry, for tests that need a second assembly's registry.</summary>
internal sealed class DelegateRegistry(Action<MessageRegistryBuilder> register) : IMessageRegistry
{
    public void Register(MessageRegistryBuilder builder) => register(builder);
}
