namespace Cqrs.Benchtest.Handlers;

/// <summary>
/// Where the benchtest's event handlers report that they ran. The engine implements it to count an operation done
/// once all its handlers have reported, so the handlers need not know the engine.
/// </summary>
internal interface IHandlerCompletion
{
    /// <summary>One handler of the operation numbered <paramref name="sequence"/> has finished.</summary>
    void HandlerFinished(int sequence);
}
