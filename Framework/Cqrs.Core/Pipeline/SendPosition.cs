namespace Cqrs.Pipeline;

/// <summary>
/// Where the next message sent through a context goes out, and under which id: the <see cref="Index"/>-th message its
/// <see cref="Handler"/> sends while it handles one delivery (an id from <see cref="StableMessageIds"/>), or, before any
/// handler's call, a message under a new random id. A context points at one and moves on to <see cref="Next"/> with
/// each send. A handler's positions are made once and kept: counting costs a handling no allocation, and its context
/// no field besides the one that held its emitter. Thread-safe.
/// </summary>
internal sealed class SendPosition
{
    /// <summary>Positions past this many are made for one send and not kept: a handler that sends more in one handling does not grow what is kept for ever.</summary>
    private const int KeptPositions = 256;

    private SendPosition? _next;

    /// <summary>The position of a context before any handler's call: its sends take random ids.</summary>
    public SendPosition(IMessageEmitter emitter)
    {
        Emitter = emitter;
        First = this;
        _next = this;
    }

    private SendPosition(IMessageEmitter emitter, HandlerSends handler, int index, SendPosition? first)
    {
        Emitter = emitter;
        Handler = handler;
        Index = index;
        First = first ?? this;
    }

    /// <summary>Where the message goes out.</summary>
    public IMessageEmitter Emitter { get; }

    /// <summary>The handler whose call sends it; null before any handler's call.</summary>
    public HandlerSends? Handler { get; }

    /// <summary>How many messages the handler sent before this one while handling the delivery.</summary>
    public int Index { get; }

    /// <summary>The handler's first position: where a retry of its call starts again.</summary>
    public SendPosition First { get; }

    /// <summary>The position of the send after this one.</summary>
    public SendPosition Next => _next ?? MakeNext();

    public static SendPosition FirstOf(HandlerSends handler, IMessageEmitter emitter) => new(emitter, handler, 0, first: null);

    /// <summary>The id of a message sent from this position by the handler of <paramref name="handled"/>; null before any handler's call.</summary>
    public Guid? IdFor(Guid handled) => Handler is not null ? IdOf(handled) : null;

    /// <summary>As <see cref="IdFor"/>, for a position of a handler's call.</summary>
    public Guid IdOf(Guid handled) => StableMessageIds.Of(Handler!.Namespace, handled, Index);

    private SendPosition MakeNext()
    {
        var next = new SendPosition(Emitter, Handler!, checked(Index + 1), First);
        return Index + 1 < KeptPositions ? Interlocked.CompareExchange(ref _next, next, null) ?? next : next;
    }
}
