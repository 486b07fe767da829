using Cqrs.Generated;

namespace Cqrs.Tests.Support;

/// <summary>
/// Part of this assembly's generated registry and Cqrs.Testing's: the messages <paramref name="keepMessage"/> keeps, and the
/// handlers of the types <paramref name="keepHandlersOf"/> keeps. For tests of what happens when something is missing.
/// </summary>
internal sealed class PartialRegistry(Func<Type, bool> keepMessage, Func<Type, bool> keepHandlersOf) : IMessageRegistry
{
    public void Register(MessageRegistryBuilder builder)
    {
        var whole = new MessageRegistryBuilder();
        CqrsTestsMessageRegistry.Instance.Register(whole);
        CqrsTestingMessageRegistry.Instance.Register(whole);
        builder.Messages.AddRange(whole.Messages.Where(message => keepMessage(message.ClrType)));
        builder.Queries.AddRange(whole.Queries.Where(query => keepHandlersOf(query.QueryType)));
        builder.Handlers.AddRange(whole.Handlers.Where(handler => keepHandlersOf(handler.MessageType)));
        builder.Validators.AddRange(whole.Validators);
    }
}
