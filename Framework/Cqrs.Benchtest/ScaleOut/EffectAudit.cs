namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// What the consumers' durable logs say about the effects of handlers that work through the inbox, for the operations
/// [0, operations): those whose effect some event handler never had, and each effect repeated, by what let it run. The
/// inbox asks its store whether a message was handled, runs the work, and then records it; a repeat is one it allows
/// when every earlier effect of that handler and operation was, at the repeat's check, not yet recorded:
/// <list type="bullet">
/// <item><description>after a kill: each earlier effect came from a consumer process (an incarnation) that was killed
/// before it logged the inbox's record, the window the inbox documents;</description></item>
/// <item><description>concurrent: an earlier one was still between its effect and its record, in a process alive at
/// the time (its record was written after the repeat's check): two deliveries of one message at once in two
/// processes, as when a lock expires while the first still handles it;</description></item>
/// <item><description>unexplained: the repeat's check came after an earlier effect's record was written; the inbox
/// should have stopped it.</description></item>
/// </list>
/// </summary>
/// <param name="Effects">Every effect logged for those operations.</param>
/// <param name="Lost">Operations whose effect some event handler never had.</param>
/// <param name="Repeats">Effects beyond the first of a handler for an operation.</param>
/// <param name="RepeatsAfterKills">Of those, the ones after a kill between an earlier effect and its record.</param>
/// <param name="RepeatsConcurrent">Of those, the ones checked while an earlier effect was not yet recorded in a live process.</param>
/// <param name="RepeatsUnexplained">Of those, the ones checked after an earlier effect's record was written.</param>
internal sealed record EffectAudit(int Effects, int Lost, int Repeats, int RepeatsAfterKills, int RepeatsConcurrent, int RepeatsUnexplained)
{
    /// <param name="effects">The effects logged, each stamped before the inbox's check that let it run.</param>
    /// <param name="records">The inbox records logged, each stamped once the inbox had written it.</param>
    /// <param name="killed">The incarnations killed.</param>
    /// <param name="operations">The operations audited.</param>
    public static EffectAudit Of(IEnumerable<LoggedEffect> effects, IEnumerable<LoggedEffect> records, IReadOnlySet<int> killed, int operations)
    {
        var recordedAt = records
            .GroupBy(record => (record.Handler, record.Sequence, record.Incarnation))
            .ToDictionary(group => group.Key, group => group.Min(record => record.At));
        var byHandlerAndOperation = effects
            .Where(effect => effect.Sequence >= 0 && effect.Sequence < operations)
            .GroupBy(effect => (effect.Handler, effect.Sequence))
            .ToDictionary(group => group.Key, group => group.OrderBy(effect => effect.At).ToList());
        var lost = Enumerable.Range(0, operations)
            .Count(sequence => HandlerRunAudit.EventHandlers.Any(handler => !byHandlerAndOperation.ContainsKey((handler, sequence))));
        var (afterKills, concurrent, unexplained) = (0, 0, 0);
        foreach (var ordered in byHandlerAndOperation.Values)
        {
            for (var repeat = 1; repeat < ordered.Count; repeat++)
            {
                var earlier = ordered.Take(repeat).ToList();
                var checkedAt = ordered[repeat].At;
                if (earlier.All(Interrupted))
                {
                    afterKills++;
                }
                else if (earlier.All(effect => Interrupted(effect) || !IsRecordedBy(effect, checkedAt)))
                {
                    concurrent++;
                }
                else
                {
                    unexplained++;
                }
            }
        }

        return new EffectAudit(
            byHandlerAndOperation.Values.Sum(group => group.Count), lost, afterKills + concurrent + unexplained, afterKills, concurrent, unexplained);

        // Done by a process killed before it logged the record: the window in which the inbox runs work again.
        bool Interrupted(LoggedEffect effect) => killed.Contains(effect.Incarnation) && !recordedAt.ContainsKey(Key(effect));

        bool IsRecordedBy(LoggedEffect effect, long time) => recordedAt.TryGetValue(Key(effect), out var at) && at <= time;

        static (string, int, int) Key(LoggedEffect effect) => (effect.Handler, effect.Sequence, effect.Incarnation);
    }
}
