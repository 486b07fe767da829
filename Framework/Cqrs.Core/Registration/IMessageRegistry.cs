namespace Cqrs;

/// <summary>
/// The messages, handlers and validators of one assembly. The source generator emits one per assembly
/// (<c>Cqrs.Generated.&lt;Assembly&gt;MessageRegistry</c>); nothing is scanned at start-up.
/// </summary>
public interface IMessageRegistry
{
    /// <summary>Describes this assembly's messages, handlers and validators to <paramref name="builder"/>.</summary>
    void Register(MessageRegistryBuilder builder);
}
