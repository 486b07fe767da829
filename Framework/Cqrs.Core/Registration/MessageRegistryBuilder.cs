using System.Diagnostics.CodeAnalysis;
using Cqrs.Serialization;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs;

/// <summary>
/// Collects what registries describe. Called by generated code; every method is generic so that
/// no type is ever constructed by reflection. Not thread-safe.
/// </summary>
public sealed class MessageRegistryBuilder
{
    internal List<MessageDefinition> Messages { get; } = [];

    internal List<QueryDefinition> Queries { get; } = [];

    /// <summary>The commands the app sends only to itself.</summary>
    internal HashSet<Type> SelfAddressedCommands { get; } = [];

    internal List<HandlerRegistration> Handlers { get; } = [];

    /// <summary>Each validator's registration, given the handlers' lifetime.</summary>
    internal List<Func<ServiceLifetime, ServiceDescriptor>> Validators { get; } = [];

    /// <summary>Aggregate state types, for snapshots.</summary>
    internal Dictionary<Type, AggregateStateRegistration> AggregateStates { get; } = [];

    /// <summary>Declares a command type.</summary>
    public MessageRegistryBuilder Command<TCommand>(string wireName, IMessagePackCodec<TCommand> codec)
        where TCommand : ICommand =>
        Command(wireName, codec, orderingKey: null);

    /// <summary>
    /// Declares a command type whose messages are ordered by <paramref name="orderingKey"/> (its
    /// <see cref="OrderingKeyAttribute"/> member, read by generated code): those with one key are handled one at a
    /// time, in the order sent; a null or empty key leaves a message unordered.
    /// </summary>
    public MessageRegistryBuilder Command<TCommand>(string wireName, IMessagePackCodec<TCommand> codec, Func<TCommand, string?>? orderingKey)
        where TCommand : ICommand
    {
        Messages.Add(new CommandDefinition<TCommand>(wireName, codec, orderingKey));
        return this;
    }

    /// <summary>Declares a command type that callers outside the app may send (a <see cref="PublicCommandAttribute"/> command).</summary>
    public MessageRegistryBuilder PublicCommand<TCommand>(string wireName, IMessagePackCodec<TCommand> codec)
        where TCommand : ICommand =>
        PublicCommand(wireName, codec, orderingKey: null);

    /// <summary>Declares a public command type whose messages are ordered by <paramref name="orderingKey"/>, as <see cref="Command{TCommand}(string, IMessagePackCodec{TCommand}, Func{TCommand, string?})"/> does.</summary>
    public MessageRegistryBuilder PublicCommand<TCommand>(string wireName, IMessagePackCodec<TCommand> codec, Func<TCommand, string?>? orderingKey)
        where TCommand : ICommand
    {
        Messages.Add(new CommandDefinition<TCommand>(wireName, codec, orderingKey, isPublic: true));
        return this;
    }

    /// <summary>
    /// Declares that the app sends <typeparamref name="TCommand"/> only to itself (a saga's timeout): no outside caller
    /// may send it, even when it is declared public.
    /// </summary>
    public MessageRegistryBuilder SelfAddressedCommand<TCommand>()
        where TCommand : ICommand
    {
        SelfAddressedCommands.Add(typeof(TCommand));
        return this;
    }

    /// <summary>Declares an event type.</summary>
    public MessageRegistryBuilder Event<TEvent>(string wireName, IMessagePackCodec<TEvent> codec)
        where TEvent : IEvent =>
        Event(wireName, codec, orderingKey: null);

    /// <summary>
    /// Declares an event type whose messages are ordered by <paramref name="orderingKey"/>, as
    /// <see cref="Command{TCommand}(string, IMessagePackCodec{TCommand}, Func{TCommand, string?}?)"/> does a command's.
    /// </summary>
    public MessageRegistryBuilder Event<TEvent>(string wireName, IMessagePackCodec<TEvent> codec, Func<TEvent, string?>? orderingKey)
        where TEvent : IEvent
    {
        Messages.Add(new EventDefinition<TEvent>(wireName, codec, orderingKey));
        return this;
    }

    /// <summary>Declares an event-sourced aggregate's state type, so that its snapshots can be stored.</summary>
    public MessageRegistryBuilder AggregateState<TState>(string wireName, IMessagePackCodec<TState> codec)
    {
        AggregateStates[typeof(TState)] = new AggregateStateRegistration(wireName, codec);
        return this;
    }

    /// <summary>Declares the one handler of a command type.</summary>
    public MessageRegistryBuilder CommandHandler<TCommand, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] THandler>()
        where TCommand : ICommand
        where THandler : class, ICommandHandler<TCommand> =>
        CommandHandler<TCommand, THandler>(HandlerNames.Of(typeof(THandler)));

    /// <summary>Declares the one handler of a command type, which goes by <paramref name="name"/> (an <see cref="INamedHandler"/>).</summary>
    /// <exception cref="ArgumentException"><paramref name="name"/> is null or empty.</exception>
    public MessageRegistryBuilder CommandHandler<TCommand, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] THandler>(string name)
        where TCommand : ICommand
        where THandler : class, ICommandHandler<TCommand>
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        Handlers.Add(new HandlerRegistration(
            typeof(TCommand),
            typeof(THandler),
            name,
            MessageKind.Command,
            lifetime => ServiceDescriptor.Describe(typeof(ICommandHandler<TCommand>), typeof(THandler), lifetime)));
        return this;
    }

    /// <summary>Declares one of the handlers of an event type.</summary>
    public MessageRegistryBuilder EventHandler<TEvent, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] THandler>()
        where TEvent : IEvent
        where THandler : class, IEventHandler<TEvent> =>
        EventHandler<TEvent, THandler>(HandlerNames.Of(typeof(THandler)));

    /// <summary>
    /// Declares one of the handlers of an event type, which goes by <paramref name="name"/> (an <see cref="INamedHandler"/>):
    /// the name a subscription of its own is filtered to and a retry aimed at it alone carries.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="name"/> is null or empty.</exception>
    public MessageRegistryBuilder EventHandler<TEvent, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] THandler>(string name)
        where TEvent : IEvent
        where THandler : class, IEventHandler<TEvent>
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        Handlers.Add(new HandlerRegistration(
            typeof(TEvent),
            typeof(THandler),
            name,
            MessageKind.Event,
            lifetime => ServiceDescriptor.Describe(typeof(IEventHandler<TEvent>), typeof(THandler), lifetime),
            lifetime => ServiceDescriptor.Describe(typeof(THandler), typeof(THandler), lifetime)));
        return this;
    }

    /// <summary>Declares the one handler of a query type.</summary>
    public MessageRegistryBuilder QueryHandler<TQuery, TResult, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] THandler>()
        where TQuery : IQuery<TResult>
        where THandler : class, IQueryHandler<TQuery, TResult>
    {
        Queries.Add(new QueryDefinition<TQuery, TResult>());
        Handlers.Add(new HandlerRegistration(
            typeof(TQuery),
            typeof(THandler),
            HandlerNames.Of(typeof(THandler)),
            MessageKind.Query,
            lifetime => ServiceDescriptor.Describe(typeof(IQueryHandler<TQuery, TResult>), typeof(THandler), lifetime)));
        return this;
    }

    /// <summary>Declares a FluentValidation validator for a message type; it has the handlers' lifetime.</summary>
    public MessageRegistryBuilder Validator<TMessage, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TValidator>()
        where TValidator : class, IValidator<TMessage>
    {
        Validators.Add(lifetime => ServiceDescriptor.Describe(typeof(IValidator<TMessage>), typeof(TValidator), lifetime));
        return this;
    }
}
