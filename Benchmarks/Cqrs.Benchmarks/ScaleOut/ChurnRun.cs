using System.Diagnostics;
using System.Globalization;
using Cqrs.Benchtest;
using Cqrs.Benchtest.ScaleOut;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// Instance churn: two consumer processes on one broker process, fed by a sender, each logging its handler runs
/// durably (<see cref="HandlerRunLog"/>); while the commands flow, one of them, drawn at random, is killed (SIGKILL) and
/// started again on the same log, at random points of the flow; once every operation is handled (or nothing more is,
/// for the stall timeout) the logs are audited (<see cref="HandlerRunAudit"/>). The points and the consumers killed come
/// from a seeded random, so a seed draws the same ones again. With the inbox, the handlers of both consumers do their
/// work through one inbox, a SQLite file they share, and the audit weighs each effect repeated against what the inbox
/// allows (<see cref="EffectAudit"/>): each consumer process started is an incarnation of its own, and the run knows
/// which were killed. With ordering keys, the broker's entities and the consumers use sessions, each sending task's
/// commands take <see cref="LanesPerTask"/> keys in turn, and the audit checks that each key's operations were handled
/// in the order sent.
/// </summary>
/// <param name="settings">The run: tasks × commands sent, telemetry, network delay.</param>
/// <param name="progress">Where the run's progress shows.</param>
/// <param name="started">Told each process's name and id once it is started.</param>
internal sealed class ChurnRun(BenchtestSettings settings, IProgress<BenchtestProgress> progress, Action<string, int> started)
{
    private const int Consumers = 2;

    /// <summary>Few enough that each key has many commands to keep in order, many enough that the sessions run side by side.</summary>
    private const int LanesPerTask = 16;

    /// <summary>
    /// Locks this short bring a killed consumer's messages back within seconds; the handlers take microseconds, and the
    /// consumers renew the locks of what they handle.
    /// </summary>
    private static readonly TimeSpan LockDuration = TimeSpan.FromSeconds(5);

    /// <param name="kills">Times a consumer is killed and started again.</param>
    /// <param name="seed">Draws the kill points and the consumers killed.</param>
    /// <param name="inbox">Whether the handlers work through one inbox the consumers share.</param>
    /// <param name="ordering">Whether the commands carry ordering keys, received through sessions.</param>
    /// <param name="cancellationToken">Stops the run.</param>
    public async Task<ChurnResult> RunAsync(int kills, int seed, bool inbox, bool ordering, CancellationToken cancellationToken)
    {
        var operations = settings.Operations;
        var random = new Random(seed);
        var killPoints = new Queue<int>(Enumerable.Range(0, kills).Select(_ => random.Next(operations / 10, Math.Max(operations / 10 + 1, operations * 9 / 10))).Order());
        var directory = Directory.CreateTempSubdirectory("cqrs-churn-");
        string[] logs = [.. Enumerable.Range(1, Consumers).Select(slot => Path.Combine(directory.FullName, $"consumer-{slot}.db"))];
        string[] inboxArguments = inbox ? ["--inbox", Path.Combine(directory.FullName, "inbox.db")] : [];
        string[] sessionArguments = ["--sessions", ordering ? "on" : "off"];
        List<RoleProcess> processes = [];
        var consumers = new RoleProcess[Consumers];
        var incarnations = new int[Consumers];
        var started = 0;
        HashSet<int> killedIncarnations = [];
        try
        {
            var broker = Started(processes, RoleProcess.Start("broker", "broker", [
                "--network-delay", RoleArguments.Number(settings.BrokerNetworkDelay.TotalMilliseconds),
                "--lock-duration", RoleArguments.Number(LockDuration.TotalSeconds), .. sessionArguments]));
            var connection = (await broker.ReadAsync(RoleJsonContext.Default.BrokerReady, cancellationToken).ConfigureAwait(false)).ConnectionString;
            List<string> roleArguments = [.. RoleArguments.For(settings, connection, operations), .. sessionArguments];
            for (var slot = 0; slot < Consumers; slot++)
            {
                consumers[slot] = await StartConsumerAsync(slot).ConfigureAwait(false);
            }

            var sender = Started(processes, RoleProcess.Start("sender", "sender", [
                .. roleArguments, "--tasks", RoleArguments.Number(settings.Tasks), "--lanes", RoleArguments.Number(ordering ? LanesPerTask : 0)]));
            await sender.ReadAsync(RoleJsonContext.Default.RoleReady, cancellationToken).ConfigureAwait(false);
            var begun = Stopwatch.GetTimestamp();
            var sending = sender.AskAsync(string.Create(CultureInfo.InvariantCulture, $"send 0 {settings.CommandsPerTask}"), RoleJsonContext.Default.Done, cancellationToken);
            var killed = 0;
            await CompletionWatch.UntilDoneAsync(BenchtestPhase.Measuring, operations, sending, KillAtItsPointsAsync, progress, cancellationToken).ConfigureAwait(false);
            var elapsed = Stopwatch.GetElapsedTime(begun);
            var effects = inbox
                ? EffectAudit.Of(logs.SelectMany(HandlerRunLog.ReadEffects), logs.SelectMany(HandlerRunLog.ReadRecords), killedIncarnations, operations)
                : null;
            return Describe(HandlerRunAudit.Of(logs.SelectMany(HandlerRunLog.Read), operations), effects, ordering, killed, seed, elapsed);

            async Task<int> KillAtItsPointsAsync()
            {
                var completed = HandlerRunAudit.Completed(logs.SelectMany(HandlerRunLog.Read));
                while (killPoints.TryPeek(out var point) && completed >= point)
                {
                    killPoints.Dequeue();
                    var victim = random.Next(Consumers);
                    consumers[victim].Kill();
                    killedIncarnations.Add(incarnations[victim]);
                    consumers[victim] = await StartConsumerAsync(victim).ConfigureAwait(false);
                    killed++;
                }

                // Not done until every kill has happened: a kill point past the last completion still kills.
                return killPoints.Count == 0 ? completed : Math.Min(completed, operations - 1);
            }

            async Task<RoleProcess> StartConsumerAsync(int slot)
            {
                incarnations[slot] = ++started;
                var consumer = Started(processes, RoleProcess.Start("consumer", $"consumer {slot + 1}", [
                    .. roleArguments, "--cores", RoleArguments.Number(Environment.ProcessorCount), "--handled-log", logs[slot],
                    "--incarnation", RoleArguments.Number(incarnations[slot]), .. inboxArguments]));
                await consumer.ReadAsync(RoleJsonContext.Default.RoleReady, cancellationToken).ConfigureAwait(false);
                return consumer;
            }
        }
        finally
        {
            foreach (var process in processes)
            {
                process.Dispose();
            }

            directory.Delete(recursive: true);
        }
    }

    private RoleProcess Started(List<RoleProcess> processes, RoleProcess process)
    {
        processes.Add(process);
        started(process.Name, process.Id);
        return process;
    }

    private static ChurnResult Describe(HandlerRunAudit audit, EffectAudit? effects, bool ordering, int kills, int seed, TimeSpan elapsed) => new()
    {
        Consumers = Consumers,
        Operations = audit.Operations,
        Kills = kills,
        Seed = seed,
        LockDurationSeconds = LockDuration.TotalSeconds,
        Seconds = elapsed.TotalSeconds,
        Lost = audit.Lost,
        HandlerRuns = audit.HandlerRuns,
        Repeats = audit.Repeats,
        RepeatsUnderNewIds = audit.RepeatsUnderNewIds,
        Ordering = ordering,
        OrderViolations = ordering ? audit.OrderViolations : null,
        Lanes = ordering ? audit.Lanes : null,
        Inbox = effects is not null,
        Effects = effects?.Effects,
        EffectsLost = effects?.Lost,
        EffectRepeats = effects?.Repeats,
        EffectRepeatsAfterKills = effects?.RepeatsAfterKills,
        EffectRepeatsConcurrent = effects?.RepeatsConcurrent,
        EffectRepeatsUnexplained = effects?.RepeatsUnexplained,
    };
}
