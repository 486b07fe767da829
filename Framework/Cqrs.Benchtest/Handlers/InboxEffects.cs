using System.Diagnostics;
using Cqrs.EventSourcing;

namespace Cqrs.Benchtest.Handlers;

/// <summary>
/// The benchtest's handlers doing their work through the inbox (<see cref="Inbox.HandleOnceAsync"/>), as an app whose
/// handlers must not act twice would: once per message id and handler, the effect and then the inbox's record of it
/// written to an <see cref="IEffectLog"/>. Registered only when a run asks for the inbox; thread-safe.
/// </summary>
internal sealed class InboxEffects(Inbox inbox, IEffectLog log)
{
    /// <summary>Runs <paramref name="work"/> (if any) and logs it as <paramref name="name"/>'s effect, unless the inbox says it has run already.</summary>
    public async ValueTask RunAsync<THandler>(
        THandler handler, string name, int sequence, IMessageContext context, Func<CancellationToken, ValueTask>? work, CancellationToken cancellationToken)
        where THandler : class
    {
        var checkedAt = Stopwatch.GetTimestamp();
        var ran = await inbox.HandleOnceAsync(
            handler,
            context,
            async token =>
            {
                if (work is not null)
                {
                    await work(token).ConfigureAwait(false);
                }

                log.EffectDone(name, sequence, context.MessageId, checkedAt);
            },
            cancellationToken).ConfigureAwait(false);
        if (ran)
        {
            log.RecordDone(name, sequence, context.MessageId, Stopwatch.GetTimestamp());
        }
    }
}
