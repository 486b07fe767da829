namespace Cqrs.Benchtest.Handlers;

/// <summary>What each of the event's handlers does: its effect (through the inbox, when the run has one), then it reports its run.</summary>
internal static class EventHandlerRun
{
    public static ValueTask FinishAsync<THandler>(
        THandler handler, string name, int sequence, int? lane, IMessageContext context, IHandlerCompletion completion, InboxEffects? inbox, CancellationToken cancellationToken)
        where THandler : class
    {
        if (inbox is null)
        {
            completion.HandlerFinished(name, sequence, lane, context.MessageId);
            return ValueTask.CompletedTask;
        }

        return ThroughInboxAsync(handler, name, sequence, lane, context, completion, inbox, cancellationToken);
    }

    private static async ValueTask ThroughInboxAsync<THandler>(
        THandler handler, string name, int sequence, int? lane, IMessageContext context, IHandlerCompletion completion, InboxEffects inbox, CancellationToken cancellationToken)
        where THandler : class
    {
        await inbox.RunAsync(handler, name, sequence, context, work: null, cancellationToken).ConfigureAwait(false);
        completion.HandlerFinished(name, sequence, lane, context.MessageId);
    }
}
