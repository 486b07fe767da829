using System.Collections.Frozen;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// Every message type of the container, by CLR type and by wire name: descriptors of its own, bound to it alone.
/// Built once; read-only after.
/// </summary>
internal sealed class MessageCatalog : IMessageDirectory
{
    private readonly FrozenDictionary<Type, MessageDescriptor> _byType;
    private readonly MessageDescriptor?[] _bySlot;
    private readonly FrozenDictionary<string, MessageDescriptor> _byWireName;
    private readonly FrozenDictionary<Type, QueryDescriptor> _queries;
    private readonly IReadOnlyList<HandlerRegistration> _handlers;

    /// <summary>
    /// Built while the container builds, on the way to a cold start's first message: plain loops rather than LINQ, whose
    /// generic instantiations over value types (a maximum over <see cref="int"/>) a ReadyToRun image does not hold,
    /// so the JIT would compile them there.
    /// </summary>
    /// <exception cref="InvalidOperationException">Two types share a wire name.</exception>
    public MessageCatalog(CqrsBuilder builder)
    {
        var messages = new Dictionary<Type, MessageDescriptor>();
        var wireNames = new Dictionary<string, MessageDescriptor>(StringComparer.Ordinal);
        var queries = new Dictionary<Type, QueryDescriptor>();
        var handlers = new List<HandlerRegistration>();
        var seenHandlers = new HashSet<HandlerRegistration>();
        var slots = 0;
        foreach (var registry in builder.Registries)
        {
            foreach (var definition in registry.Messages)
            {
                if (wireNames.TryGetValue(definition.WireName, out var existing) && existing.ClrType != definition.ClrType)
                {
                    throw new InvalidOperationException($"Wire name '{definition.WireName}' is used by both {existing.ClrType} and {definition.ClrType}.");
                }

                if (!messages.ContainsKey(definition.ClrType))
                {
                    var descriptor = definition.CopyUnbound();
                    messages.Add(descriptor.ClrType, descriptor);
                    wireNames.Add(descriptor.WireName, descriptor);
                    slots = Math.Max(slots, descriptor.Slot + 1);
                }
            }

            foreach (var query in registry.Queries)
            {
                if (!queries.ContainsKey(query.QueryType))
                {
                    queries.Add(query.QueryType, query.CopyUnbound());
                }
            }

            foreach (var handler in registry.Handlers)
            {
                if (seenHandlers.Add(handler))
                {
                    handlers.Add(handler);
                }
            }
        }

        _byType = messages.ToFrozenDictionary();
        _bySlot = new MessageDescriptor?[slots];
        foreach (var descriptor in messages.Values)
        {
            _bySlot[descriptor.Slot] = descriptor;
        }

        _byWireName = wireNames.ToFrozenDictionary(StringComparer.Ordinal);
        _queries = queries.ToFrozenDictionary();
        _handlers = handlers;
    }

    public IEnumerable<MessageDescriptor> Messages => _byType.Values;

    public MessageKind? KindOf(string wireName) => _byWireName.TryGetValue(wireName, out var descriptor) ? descriptor.Kind : null;

    public IReadOnlyList<string> HandledHere(MessageKind kind) =>
        [.. _byType.Values
            .Where(descriptor => descriptor.Kind == kind && _handlers.Any(handler => handler.MessageType == descriptor.ClrType))
            .Select(descriptor => descriptor.WireName)
            .Order(StringComparer.Ordinal)];

    public IReadOnlyList<EventHandlerRoute> EventHandlerRoutes() =>
        [.. _handlers
            .Where(handler => handler.Kind == MessageKind.Event && _byType.ContainsKey(handler.MessageType))
            .GroupBy(handler => handler.Name, StringComparer.Ordinal)
            .OrderBy(group => group.Key, StringComparer.Ordinal)
            .Select(group => new EventHandlerRoute(group.Key, [.. group.Select(handler => _byType[handler.MessageType].WireName).Distinct().Order(StringComparer.Ordinal)]))];

    /// <summary>
    /// The descriptor of <typeparamref name="T"/>, or null when <typeparamref name="T"/> is not itself a registered
    /// command or event (an interface or base class that a message is sent as): then its runtime type says.
    /// </summary>
    public MessageDescriptor<T>? Find<T>()
    {
        var slots = _bySlot;
        var slot = MessageSlot<T>.Index;
        return (uint)slot < (uint)slots.Length && slots[slot] is { } descriptor
            ? Unsafe.As<MessageDescriptor<T>>(descriptor) // the slot is T's own
            : null;
    }

    /// <exception cref="InvalidOperationException"><paramref name="type"/> is not a registered command or event.</exception>
    public MessageDescriptor Get(Type type) =>
        _byType.TryGetValue(type, out var descriptor)
            ? descriptor
            : throw new InvalidOperationException($"{type} is not a registered message: give it [WireName] and add its assembly's registry with AddCqrs.");

    public bool TryGet(string wireName, [NotNullWhen(true)] out MessageDescriptor? descriptor) =>
        _byWireName.TryGetValue(wireName, out descriptor);

    /// <exception cref="InvalidOperationException">No handler answers <paramref name="queryType"/>.</exception>
    public QueryDescriptor GetQuery(Type queryType) =>
        _queries.TryGetValue(queryType, out var descriptor)
            ? descriptor
            : throw new InvalidOperationException($"No handler for query {queryType} is registered.");

    /// <summary>Resolves what each descriptor needs from the container, and gives it what it handles with.</summary>
    public void Bind(HandlingServices handling, ServiceLifetime handlerLifetime)
    {
        var singletons = handlerLifetime == ServiceLifetime.Singleton;
        foreach (var descriptor in _byType.Values)
        {
            descriptor.Bind(handling, HandlerCount(descriptor.ClrType), singletons);
        }

        foreach (var query in _queries.Values)
        {
            query.Bind(handling.Services, singletons);
        }
    }

    private int HandlerCount(Type messageType)
    {
        var count = 0;
        foreach (var handler in _handlers)
        {
            count += handler.MessageType == messageType ? 1 : 0;
        }

        return count;
    }
}
