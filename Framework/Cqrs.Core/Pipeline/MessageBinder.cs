using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// Makes a container's descriptors and invokers from a registry's definitions, each with its type as a type argument:
/// validators, middleware and (when they are singletons) handlers are resolved here, once per container. A handler this
/// process does not run (<see cref="CqrsOptions.SendOnly"/>, <see cref="CqrsOptions.Receive"/>) is never resolved, nor
/// are the middleware of a type it runs no handler of. Validators are resolved here in a process that runs handlers, as
/// its handlers may send any message, even while it stops and the container resolves nothing more; in one that runs
/// none, each type's on its first send.
/// </summary>
/// <param name="handling">What the container's deliveries are handled with.</param>
/// <param name="run">The handlers this process runs.</param>
/// <param name="notRun">The command and event handlers registered here that it does not run.</param>
/// <param name="singletonHandlers">True when handlers are singletons.</param>
internal sealed class MessageBinder(
    HandlingServices handling, IReadOnlyList<HandlerRegistration> run, IReadOnlyList<HandlerRegistration> notRun, bool singletonHandlers)
    : IMessageDefinitionVisitor
{
    /// <summary>True when this process runs a command or event handler: it receives.</summary>
    private readonly bool _receives = run.Any(handler => handler.Kind != MessageKind.Query);

    private IServiceProvider Services => handling.Services;

    /// <summary>By slot: what the definitions visited so far described.</summary>
    public Dictionary<int, (MessageDescriptor Descriptor, MessageInvoker Invoker)> Messages { get; } = [];

    public Dictionary<Type, QueryDescriptor> Queries { get; } = [];

    public void Command<T>(CommandDefinition<T> definition)
        where T : ICommand
    {
        var handled = RunsAny(definition.ClrType);
        var descriptor = Describe(definition, handled);
        Func<IServiceProvider, ICommandHandler<T>?> handlerIn = handled ? static services => services.GetService<ICommandHandler<T>>() : static _ => null;
        var singleton = singletonHandlers ? handlerIn(Services) : null;
        Messages[definition.Slot] = (descriptor, new CommandInvoker<T>(descriptor, handling, Middleware<T>(handled), handlerIn, singleton));
    }

    public void Event<T>(EventDefinition<T> definition)
        where T : IEvent
    {
        var handled = RunsAny(definition.ClrType);
        var descriptor = Describe(definition, handled);
        var handlersIn = EventHandlersIn<T>();
        IEventHandler<T>[]? singletons = singletonHandlers ? handlersIn(Services) : null;
        Messages[definition.Slot] = (descriptor, new EventInvoker<T>(descriptor, handling, Middleware<T>(handled), handlersIn, singletons));
    }

    public void Query<TQuery, TResult>()
        where TQuery : IQuery<TResult> =>
        Queries[typeof(TQuery)] = new QueryDescriptor<TQuery, TResult>(Services, singletonHandlers);

    /// <summary>
    /// How a container or scope makes the event's handlers that run here: all those of the event, as registered; or,
    /// when this process leaves some to others, each that runs by its class, so that the others are never built.
    /// </summary>
    private Func<IServiceProvider, IEventHandler<T>[]> EventHandlersIn<T>()
        where T : IEvent
    {
        if (!Any(notRun, typeof(T)))
        {
            return static services => [.. services.GetServices<IEventHandler<T>>()];
        }

        Type[] classes = [.. run.Where(handler => handler.MessageType == typeof(T)).Select(handler => handler.HandlerType).Distinct()];
        return services =>
        {
            var handlers = new IEventHandler<T>[classes.Length];
            for (var index = 0; index < classes.Length; index++)
            {
                handlers[index] = (IEventHandler<T>)services.GetRequiredService(classes[index]);
            }

            return handlers;
        };
    }

    private MessageDescriptor<T> Describe<T>(MessageDefinition<T> definition, bool handled) => new(
        definition,
        _receives ? MessageValidators<T>.From(Services, singletonHandlers) : MessageValidators<T>.OnFirstUse(Services, singletonHandlers),
        handling.Telemetry.Describe(definition.WireName, definition.Kind),
        handled);

    private LifetimeServices<IHandlerMiddleware<T>> Middleware<T>(bool handled) =>
        handled ? LifetimeServices<IHandlerMiddleware<T>>.From(Services, singletonHandlers) : LifetimeServices<IHandlerMiddleware<T>>.None;

    private bool RunsAny(Type messageType) => Any(run, messageType);

    private static bool Any(IReadOnlyList<HandlerRegistration> handlers, Type messageType)
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
