using System.Collections.Frozen;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// Every message type of the container: the registries' definitions, by CLR type and by wire name, and the handlers this
/// process runs (<see cref="CqrsOptions.SendOnly"/>, <see cref="CqrsOptions.Receive"/>), known before any handler is built;
/// and, once <see cref="Bind"/> has run, each type's descriptor and invoker, of this container alone, by slot. Read-only
/// after binding.
/// </summary>
internal sealed class MessageCatalog : IMessageDirectory
{
    private readonly FrozenDictionary<Type, MessageDefinition> _byType;
    private readonly FrozenDictionary<string, MessageDefinition> _byWireName;
    private readonly IReadOnlyList<QueryDefinition> _queryDefinitions;

    /// <summary>The handlers this process runs.</summary>
    private readonly IReadOnlyList<HandlerRegistration> _run;

    /// <summary>The command and event handlers registered here that this process leaves to others.</summary>
    private readonly IReadOnlyList<HandlerRegistration> _notRun;

    private MessageDescriptor?[] _descriptors = [];
    private MessageInvoker?[] _invokers = [];
    private FrozenDictionary<Type, QueryDescriptor> _queries = FrozenDictionary<Type, QueryDescriptor>.Empty;

    /// <summary>
    /// Built while the container builds, on the way to a cold start's first message: plain loops rather than LINQ, whose
    /// generic instantiations over value types a ReadyToRun image does not hold, so the JIT would compile them there.
    /// </summary>
    /// <exception cref="InvalidOperationException">Two types share a wire name.</exception>
    public MessageCatalog(IReadOnlyList<MessageRegistryBuilder> registries, CqrsOptions options)
    {
        var messages = new Dictionary<Type, MessageDefinition>();
        var wireNames = new Dictionary<string, MessageDefinition>(StringComparer.Ordinal);
        var queries = new Dictionary<Type, QueryDefinition>();
        var run = new List<HandlerRegistration>();
        var notRun = new List<HandlerRegistration>();
        var seenHandlers = new HashSet<HandlerRegistration>();
        foreach (var registry in registries)
        {
            foreach (var definition in registry.Messages)
            {
                if (wireNames.TryGetValue(definition.WireName, out var existing) && existing.ClrType != definition.ClrType)
                {
                    throw new InvalidOperationException($"Wire name '{definition.WireName}' is used by both {existing.ClrType} and {definition.ClrType}.");
                }

                if (messages.TryAdd(definition.ClrType, definition))
                {
                    wireNames.Add(definition.WireName, definition);
                }
            }

            foreach (var query in registry.Queries)
            {
                queries.TryAdd(query.QueryType, query);
            }

            foreach (var handler in registry.Handlers)
            {
                if (seenHandlers.Add(handler))
                {
                    (HandlerSelection.Runs(options, handler) ? run : notRun).Add(handler);
                }
            }
        }

        _byType = messages.ToFrozenDictionary();
        _byWireName = wireNames.ToFrozenDictionary(StringComparer.Ordinal);
        _queryDefinitions = [.. queries.Values];
        _run = run;
        _notRun = notRun;
    }

    /// <summary>The command and event handlers registered here that this process does not run; none unless the options leave some out.</summary>
    public IReadOnlyList<HandlerRegistration> HandlersNotRun => _notRun;

    public MessageKind? KindOf(string wireName) => _byWireName.TryGetValue(wireName, out var definition) ? definition.Kind : null;

    public IReadOnlyList<string> HandledHere(MessageKind kind) => WireNamesOf(kind, _run);

    public IReadOnlyList<string> HandledElsewhere(MessageKind kind) => WireNamesOf(kind, _notRun);

    public IReadOnlyList<string> KeyedMessages() =>
        [.. _byType.Values.Where(definition => definition.IsOrderedByKey).Select(definition => definition.WireName).Order(StringComparer.Ordinal)];

    public IReadOnlyList<EventHandlerRoute> EventHandlerRoutes() =>
        [.. _run
            .Where(handler => handler.Kind == MessageKind.Event && _byType.ContainsKey(handler.MessageType))
            .GroupBy(handler => handler.Name, StringComparer.Ordinal)
            .OrderBy(group => group.Key, StringComparer.Ordinal)
            .Select(group => new EventHandlerRoute(group.Key, [.. group.Select(handler => _byType[handler.MessageType].WireName).Distinct().Order(StringComparer.Ordinal)]))];

    /// <summary>
    /// The descriptor of <typeparamref name="T"/>, or null when <typeparamref name="T"/> is not itself a registered
    /// command or event (an interface or base class that a message is sent as): then its runtime type says.
    /// </summary>
    public MessageDescriptor<T>? Find<T>() =>
        At(_descriptors, MessageSlot<T>.Index) is { } descriptor
            ? Unsafe.As<MessageDescriptor<T>>(descriptor) // the slot is T's own
            : null;

    /// <summary>
    /// The invoker of the type <paramref name="descriptor"/> describes, by the descriptor's slot: an instance field, where
    /// <see cref="MessageSlot{T}"/> would cost shared generic code a lookup of its static per send.
    /// </summary>
    public MessageInvoker<T> InvokerOf<T>(MessageDescriptor<T> descriptor) => Unsafe.As<MessageInvoker<T>>(_invokers[descriptor.Slot]!); // the slot is T's own

    /// <summary>The invoker of the type <paramref name="descriptor"/> describes.</summary>
    public MessageInvoker InvokerOf(MessageDescriptor descriptor) => _invokers[descriptor.Slot]!;

    /// <summary>The definition of a registered command or event type, whether or not the catalog is bound.</summary>
    /// <exception cref="InvalidOperationException"><paramref name="type"/> is not a registered command or event.</exception>
    public MessageDefinition DefinitionOf(Type type) =>
        _byType.TryGetValue(type, out var definition)
            ? definition
            : throw new InvalidOperationException($"{type} is not a registered message: give it [WireName] and add its assembly's registry with AddCqrs.");

    /// <exception cref="InvalidOperationException"><paramref name="type"/> is not a registered command or event.</exception>
    public MessageDescriptor Get(Type type) => _descriptors[DefinitionOf(type).Slot]!;

    public bool TryGetDefinition(string wireName, [NotNullWhen(true)] out MessageDefinition? definition) =>
        _byWireName.TryGetValue(wireName, out definition);

    public bool TryGet(string wireName, [NotNullWhen(true)] out MessageDescriptor? descriptor)
    {
        descriptor = _byWireName.TryGetValue(wireName, out var definition) ? _descriptors[definition.Slot] : null;
        return descriptor is not null;
    }

    public bool TryGetInvoker(string wireName, [NotNullWhen(true)] out MessageInvoker? invoker)
    {
        invoker = _byWireName.TryGetValue(wireName, out var definition) ? _invokers[definition.Slot] : null;
        return invoker is not null;
    }

    /// <exception cref="InvalidOperationException">No handler answers <paramref name="queryType"/>.</exception>
    public QueryDescriptor GetQuery(Type queryType) =>
        _queries.TryGetValue(queryType, out var descriptor)
            ? descriptor
            : throw new InvalidOperationException($"No handler for query {queryType} is registered.");

    /// <summary>Describes each type for this container, and makes what it is handled with. Called once, by the dispatcher.</summary>
    public void Bind(HandlingServices handling, ServiceLifetime handlerLifetime)
    {
        var binder = new MessageBinder(handling, _run, _notRun, handlerLifetime == ServiceLifetime.Singleton);
        var slots = 0;
        foreach (var definition in _byType.Values)
        {
            definition.Accept(binder);
            slots = Math.Max(slots, definition.Slot + 1);
        }

        foreach (var query in _queryDefinitions)
        {
            query.Accept(binder);
        }

        var descriptors = new MessageDescriptor?[slots];
        var invokers = new MessageInvoker?[slots];
        foreach (var (slot, (descriptor, invoker)) in binder.Messages)
        {
            descriptors[slot] = descriptor;
            invokers[slot] = invoker;
        }

        _queries = binder.Queries.ToFrozenDictionary();
        _invokers = invokers;
        _descriptors = descriptors;
    }

    private IReadOnlyList<string> WireNamesOf(MessageKind kind, IReadOnlyList<HandlerRegistration> handlers) =>
        [.. _byType.Values
            .Where(definition => definition.Kind == kind && handlers.Any(handler => handler.MessageType == definition.ClrType))
            .Select(definition => definition.WireName)
            .Order(StringComparer.Ordinal)];

    private static TItem? At<TItem>(TItem?[] items, int slot)
        where TItem : class =>
        (uint)slot < (uint)items.Length ? items[slot] : null;
}
