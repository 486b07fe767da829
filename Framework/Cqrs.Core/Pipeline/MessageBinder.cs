using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// Makes a container's descriptors and invokers from a registry's definitions, each with its type as a type argument:
/// validators, middleware and (when they are singletons) handlers are resolved here, once per container.
/// </summary>
internal sealed class MessageBinder(HandlingServices handling, IReadOnlyList<HandlerRegistration> handlers, bool singletonHandlers)
    : IMessageDefinitionVisitor
{
    private IServiceProvider Services => handling.Services;

    /// <summary>By slot: what the definitions visited so far described.</summary>
    public Dictionary<int, (MessageDescriptor Descriptor, MessageInvoker Invoker)> Messages { get; } = [];

    public Dictionary<Type, QueryDescriptor> Queries { get; } = [];

    public void Command<T>(CommandDefinition<T> definition)
        where T : ICommand
    {
        var descriptor = Describe(definition);
        var middleware = Middleware<T>();
        var singleton = singletonHandlers ? Services.GetService<ICommandHandler<T>>() : null;
        Messages[definition.Slot] = (descriptor, new CommandInvoker<T>(descriptor, handling, middleware, singleton));
    }

    public void Event<T>(EventDefinition<T> definition)
        where T : IEvent
    {
        var descriptor = Describe(definition);
        var middleware = Middleware<T>();
        IEventHandler<T>[]? singletons = singletonHandlers ? [.. Services.GetServices<IEventHandler<T>>()] : null;
        Messages[definition.Slot] = (descriptor, new EventInvoker<T>(descriptor, handling, middleware, singletons));
    }

    public void Query<TQuery, TResult>()
        where TQuery : IQuery<TResult> =>
        Queries[typeof(TQuery)] = new QueryDescriptor<TQuery, TResult>(Services, singletonHandlers);

    private MessageDescriptor<T> Describe<T>(MessageDefinition<T> definition) => new(
        definition,
        MessageValidators<T>.From(Services, singletonHandlers),
        handling.Telemetry.Describe(definition.WireName, definition.Kind),
        HasHandlers(definition.ClrType));

    private LifetimeServices<IHandlerMiddleware<T>> Middleware<T>() => LifetimeServices<IHandlerMiddleware<T>>.From(Services, singletonHandlers);

    private bool HasHandlers(Type messageType)
    {
        foreach (var handler in handlers)
        {
            if (handler.MessageType == messageType)
            {
                return true;
            }
        }

        return false;
    }
}
