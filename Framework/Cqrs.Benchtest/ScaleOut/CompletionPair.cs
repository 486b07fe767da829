using Cqrs.Benchtest.Handlers;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>Reports each handler run to two places: a consumer's ledger and its durable log.</summary>
internal sealed class CompletionPair(IHandlerCompletion first, IHandlerCompletion second) : IHandlerCompletion
{
    public bool UsesMessageIds => first.UsesMessageIds || second.UsesMessageIds;

    public void HandlerFinished(string handler, int sequence, Guid messageId)
    {
        first.HandlerFinished(handler, sequence, messageId);
        second.HandlerFinished(handler, sequence, messageId);
    }

    public void HandlerFinished(string handler, int sequence, Guid messageId, int lane)
    {
        first.HandlerFinished(handler, sequence, messageId, lane);
        second.HandlerFinished(handler, sequence, messageId, lane);
    }
}
