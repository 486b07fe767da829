namespace Cqrs.Transports;

/// <summary>
/// What a transport needs to know of the app's messages, to route them and to provision what carries them. Registered
/// by <c>AddCqrs</c>; known before any handler is built. Thread-safe.
/// </summary>
public interface IMessageDirectory
{
    /// <summary>The kind of the message type registered under <paramref name="wireName"/>; null when none is.</summary>
    MessageKind? KindOf(string wireName);

    /// <summary>
    /// The wire names of the messages of <paramref name="kind"/> that a handler this process runs handles, in ordinal order:
    /// what it receives.
    /// </summary>
    IReadOnlyList<string> HandledHere(MessageKind kind);

    /// <summary>
    /// The wire names of the messages of <paramref name="kind"/> with a handler registered here that this process does not
    /// run (<see cref="CqrsOptions.SendOnly"/>, <see cref="CqrsOptions.Receive"/>), in ordinal order: other processes
    /// receive them for that handler. Empty when every handler runs here.
    /// </summary>
    IReadOnlyList<string> HandledElsewhere(MessageKind kind) => [];

    /// <summary>
    /// The wire names of the registered commands and events whose type names an ordering key
    /// (<see cref="OrderingKeyAttribute"/>), in ordinal order: what a transport that keeps no order says it will not keep.
    /// Empty when none does.
    /// </summary>
    IReadOnlyList<string> KeyedMessages() => [];

    /// <summary>
    /// Each event handler this process runs with the events it handles, ordered by handler name: what a transport with a
    /// subscription per handler filters each one to.
    /// </summary>
    IReadOnlyList<EventHandlerRoute> EventHandlerRoutes();
}

/// <summary>One event handler type and the events it handles.</summary>
/// <param name="Handler">The handler's name (its type's full name), as <see cref="TransportMessage.TargetHandler"/> carries it.</param>
/// <param name="WireNames">The wire names of the events it handles, in ordinal order.</param>
public sealed record EventHandlerRoute(string Handler, IReadOnlyList<string> WireNames);
