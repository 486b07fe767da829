namespace Cqrs.Pipeline;

/// <summary>
/// One handler's sends, as their ids see it: its name's namespace (<see cref="StableMessageIds.NamespaceOf"/>) and its
/// <see cref="SendPosition"/>s, made once and kept. One per handler in a container's invokers. Thread-safe.
/// </summary>
internal sealed class HandlerSends(string handlerName)
{
    private SendPosition? _first;

    public Guid Namespace { get; } = StableMessageIds.NamespaceOf(handlerName);

    /// <summary>
    /// The handler's first send, through <paramref name="emitter"/>: a container has one emitter, so this makes the
    /// positions once. Two threads that race to make them each make their own: equal ones, one of which is kept.
    /// </summary>
    public SendPosition FirstVia(IMessageEmitter emitter)
    {
        var first = _first;
        return first is not null && first.Emitter == emitter ? first : _first = SendPosition.FirstOf(this, emitter);
    }
}
