namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>What the grant handlers do: publish their event, and only then fail, on their first attempts.</summary>
internal static class PublishThenFail
{
    /// <param name="attempt">This attempt's number, from 1.</param>
    /// <param name="failures">How many attempts fail.</param>
    /// <param name="work">What the attempt was at, for its exception's message.</param>
    public static async ValueTask RunAsync<TEvent>(IMessageContext context, TEvent @event, int attempt, int failures, string work, CancellationToken cancellationToken)
        where TEvent : IEvent
    {
        await context.PublishAsync(@event, cancellationToken);
        if (attempt <= failures)
        {
            throw new InvalidOperationException($"Attempt {attempt} at {work} failed on purpose, after publishing.");
        }
    }
}
