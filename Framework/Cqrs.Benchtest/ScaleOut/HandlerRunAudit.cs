using Cqrs.Benchtest.Handlers;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// What the consumers' durable logs say about the operations [0, <see cref="Operations"/>): those some event handler
/// never ran for, and the runs a handler repeated. A repeat on a message id the handler has already seen is one an
/// inbox drops; a repeat under a new id (an event published again, under a fresh id, by a command handler run again
/// after a crash) is one nothing can drop. Of the runs with an ordering key (a lane), each handler's first run of an
/// operation must come after its first runs of the lane's earlier operations: a lane's commands are sent in the order of
/// their sequences. Only first runs count, since a repeat after a kill is a redelivery that legitimately comes again.
/// </summary>
/// <param name="Operations">The operations audited.</param>
/// <param name="Lost">Operations some event handler never ran for.</param>
/// <param name="HandlerRuns">Every run logged for those operations.</param>
/// <param name="Repeats">Runs beyond the first of a handler for an operation.</param>
/// <param name="RepeatsUnderNewIds">Of those, the runs on a message id the handler had not yet seen for that operation.</param>
/// <param name="OrderViolations">First runs of a handler that came after its first run of a later operation of the same lane.</param>
/// <param name="Lanes">The lanes the runs carried: none when the operations had no ordering key.</param>
internal sealed record HandlerRunAudit(int Operations, int Lost, int HandlerRuns, int Repeats, int RepeatsUnderNewIds, int OrderViolations = 0, int Lanes = 0)
{
    /// <summary>The benchtest's event handlers, by the names they log under.</summary>
    public static IReadOnlyList<string> EventHandlers { get; } = [nameof(NumberRecordedFirstHandler), nameof(NumberRecordedSecondHandler)];

    public static HandlerRunAudit Of(IEnumerable<HandlerRun> runs, int operations)
    {
        var audited = runs.Where(run => run.Sequence >= 0 && run.Sequence < operations).ToList();
        var byHandlerAndOperation = audited
            .GroupBy(run => (run.Handler, run.Sequence))
            .ToDictionary(group => group.Key, group => group.Select(run => run.MessageId).ToList());
        var lost = Enumerable.Range(0, operations)
            .Count(sequence => EventHandlers.Any(handler => !byHandlerAndOperation.ContainsKey((handler, sequence))));
        return new HandlerRunAudit(
            operations,
            lost,
            byHandlerAndOperation.Values.Sum(ids => ids.Count),
            byHandlerAndOperation.Values.Sum(ids => ids.Count - 1),
            byHandlerAndOperation.Values.Sum(ids => ids.Distinct().Count() - 1),
            OrderViolationsAmong(audited),
            audited.Where(run => run.Lane is not null).Select(run => run.Lane).Distinct().Count());
    }

    private static int OrderViolationsAmong(List<HandlerRun> runs) => runs
        .Where(run => run.Lane is not null)
        .GroupBy(run => (run.Handler, run.Sequence))
        .Select(operation => operation.MinBy(run => run.At))
        .GroupBy(first => (first.Handler, first.Lane))
        .Sum(lane =>
        {
            var latest = -1;
            var violations = 0;
            foreach (var first in lane.OrderBy(run => run.At))
            {
                violations += first.Sequence < latest ? 1 : 0;
                latest = Math.Max(latest, first.Sequence);
            }

            return violations;
        });

    /// <summary>Operations every event handler has run for so far.</summary>
    public static int Completed(IEnumerable<HandlerRun> runs) =>
        runs.GroupBy(run => run.Sequence).Count(operation => EventHandlers.All(handler => operation.Any(run => run.Handler == handler)));
}
