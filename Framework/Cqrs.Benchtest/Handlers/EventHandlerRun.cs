namespace Cqrs.Benchtest.Handlers;

/// <summary>What each of the event's handlers does: its effect (through the inbox, when the run has one), then it reports its run.</summary>
internal static class EventHandlerRun
{
    public static ValueTask FinishAsync<THandler>(
        THandler handler, string name, int sequence, IMessageContext context, IHandlerCompletion completion, InboxEffects? inbox, CancellationToken cancellationToken)
        where THandler : class =>
        FinishAsync(handler, name, sequence, lane: null, context, completion, inbox, cancellationToken);

    /// <summary>As the other overload, for a keyed event's handler: the run is reported with the event's ordering key, <paramref name="lane"/>.</summary>
    public static ValueTask FinishAsync<THandler>(
        THandler handler, string name, int sequence, int? lane, IMessageContext context, IHandlerCompletion completion, InboxEffects? inbox, CancellationToken cancellationToken)
        where THandler : class
    {
        if (inbox is null)
        {
            Report(completion, name, sequence, lane, completion.UsesMessageIds ? context.MessageId : Guid.Empty);
            return ValueTask.CompletedTask;
        }

        return ThroughInboxAsync(handler, name, sequence, lane, context, completion, inbox, cancellationToken);
    }

    private static async ValueTask ThroughInboxAsync<THandler>(
        THandler handler, string name, int sequence, int? lane, IMessageContext context, IHandlerCompletion completion, InboxEffects inbox, CancellationToken cancellationToken)
        where THandler : class
    {
        await inbox.RunAsync(handler, name, sequence, context, work: null, cancellationToken).ConfigureAwait(false);
        Report(completion, name, sequence, lane, context.MessageId);
    }

    private static void Report(IHandlerCompletion completion, string name, int sequence, int? lane, Guid messageId)
    {
        if (lane is { } key)
        {
            completion.HandlerFinished(name, sequence, messageId, key);
        }
        else
        {
            completion.HandlerFinished(name, sequence, messageId);
        }
    }
}
