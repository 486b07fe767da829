namespace Cqrs.Benchtest.Handlers;

/// <summary>
/// Where the benchtest's event handlers report that they ran. The engine implements it to count an operation done
/// once all its handlers have reported, or to log each run, so the handlers need not know the engine.
/// </summary>
internal interface IHandlerCompletion
{
    /// <summary>
    /// <paramref name="handler"/> has finished its run for the operation numbered <paramref name="sequence"/>, on the
    /// message <paramref name="messageId"/>, of the ordering key <paramref name="lane"/> (null: none).
    /// </summary>
    void HandlerFinished(string handler, int sequence, int? lane, Guid messageId);
}
