namespace Cqrs.Benchtest.Handlers;

/// <summary>
/// Where the benchtest's event handlers report that they ran. The engine implements it to count an operation done
/// once all its handlers have reported, or to log each run, so the handlers need not know the engine.
/// </summary>
internal interface IHandlerCompletion
{
    /// <summary>
    /// Whether the message ids passed in are used. When not, handlers pass <see cref="Guid.Empty"/> and leave their
    /// contexts' ids unread, as handlers that need no id do: the framework computes a handler's send's id when it is first read.
    /// </summary>
    bool UsesMessageIds => true;

    /// <summary>
    /// <paramref name="handler"/> has finished its run for the operation numbered <paramref name="sequence"/>, on the
    /// message <paramref name="messageId"/>.
    /// </summary>
    void HandlerFinished(string handler, int sequence, Guid messageId);

    /// <summary>
    /// As <see cref="HandlerFinished(string, int, Guid)"/>, for a run on a keyed event (<c>--churn --ordering</c>) of
    /// the ordering key <paramref name="lane"/>. Only a log that audits order keeps the key; the others count the run alike.
    /// </summary>
    void HandlerFinished(string handler, int sequence, Guid messageId, int lane) => HandlerFinished(handler, sequence, messageId);
}
