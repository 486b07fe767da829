using System.Diagnostics;
using System.Globalization;
using Cqrs.Benchmarks.Processes;
using Cqrs.Benchtest;
using Cqrs.Benchtest.ScaleOut;
using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// One level of a scale-out run: a broker process, N consumer processes each pinned to its cores from its start, and a
/// sender process, all new; a warm-up whose every operation must be handled, then the measured phase. CPU time is read
/// from each process before and after the measured phase; what was handled, from each consumer's ledger at the end.
/// </summary>
/// <param name="settings">The run: tasks × commands measured, warm-up operations per consumer, telemetry, network delay.</param>
/// <param name="coresPerConsumer">Processors each consumer runs on.</param>
/// <param name="progress">Where the phases' progress shows.</param>
/// <param name="started">Told each process's name and id once it is started.</param>
internal sealed class ScaleOutLevel(BenchtestSettings settings, int coresPerConsumer, IProgress<BenchtestProgress> progress, Action<string, int> started)
{
    public async Task<ScaleOutPoint> RunAsync(int consumers, CancellationToken cancellationToken)
    {
        var loadAverage = LoadAverage.Read();
        var warmupPerTask = Math.Max(1, settings.WarmupOperations * consumers / settings.Tasks);
        var warmup = warmupPerTask * settings.Tasks;
        var measured = settings.Operations;
        List<RoleProcess> processes = [];
        try
        {
            var broker = Started(processes, RoleProcess.Start("broker", "broker", ["--network-delay", RoleArguments.Number(settings.BrokerNetworkDelay.TotalMilliseconds)]));
            var connection = (await broker.ReadAsync(RoleJsonContext.Default.BrokerReady, cancellationToken).ConfigureAwait(false)).ConnectionString;
            var roleArguments = RoleArguments.For(settings, connection, warmup + measured).ToList();
            var consumerProcesses = Enumerable.Range(0, consumers)
                .Select(index => Started(processes, RoleProcess.Start(
                    "consumer", $"consumer {index + 1}", [.. roleArguments, "--cores", RoleArguments.Number(coresPerConsumer)],
                    CoreAffinity.Share(index, coresPerConsumer), coresPerConsumer)))
                .ToList();
            foreach (var consumer in consumerProcesses)
            {
                var ready = await consumer.ReadAsync(RoleJsonContext.Default.RoleReady, cancellationToken).ConfigureAwait(false);
                if (!ready.Pinned)
                {
                    throw new IOException($"A consumer started on {coresPerConsumer} processors sees {ready.Processors}: it was not pinned from its start.");
                }
            }

            var sender = Started(processes, RoleProcess.Start("sender", "sender", [.. roleArguments, "--tasks", RoleArguments.Number(settings.Tasks)]));
            await sender.ReadAsync(RoleJsonContext.Default.RoleReady, cancellationToken).ConfigureAwait(false);

            var warm = await RunPhaseAsync(BenchtestPhase.Warmup, sender, consumerProcesses, 0, warmupPerTask, warmup, cancellationToken).ConfigureAwait(false);
            if (warm.Completed < warmup)
            {
                throw new TimeoutException($"Warm-up: {warmup - warm.Completed:N0} of {warmup:N0} operations were never handled.");
            }

            await broker.AskAsync("start", RoleJsonContext.Default.Done, cancellationToken).ConfigureAwait(false);
            var cpuBefore = processes.Select(process => process.CpuTime).ToList();
            var phase = await RunPhaseAsync(BenchtestPhase.Measuring, sender, consumerProcesses, warmup, settings.CommandsPerTask, measured, cancellationToken).ConfigureAwait(false);
            var cpu = processes.Select((process, index) => process.CpuTime - cpuBefore[index]).ToList();
            var operations = await broker.AskAsync("stop", RoleJsonContext.Default.BrokerOperations, cancellationToken).ConfigureAwait(false);
            List<byte[]> runs = [];
            foreach (var consumer in consumerProcesses)
            {
                runs.Add((await consumer.AskAsync("report", RoleJsonContext.Default.ConsumerReport, cancellationToken).ConfigureAwait(false)).Runs);
            }

            var tally = DeliveryTally.Of(runs, warmup, measured, OperationTracker.HandlersPerOperation);
            return Describe(consumers, warmup, phase.Elapsed, tally, operations, cpu[0], cpu[1..^1], cpu[^1]) with { LoadAverage = loadAverage };
        }
        finally
        {
            foreach (var process in processes)
            {
                process.Dispose();
            }
        }
    }

    private RoleProcess Started(List<RoleProcess> processes, RoleProcess process)
    {
        processes.Add(process);
        started(process.Name, process.Id);
        return process;
    }

    /// <summary>
    /// Has the sender send [first, first + tasks × perTask) and waits until the consumers have completed them
    /// (<see cref="CompletionWatch"/>). The phase lasts from the first send to the last completion in any consumer.
    /// </summary>
    /// <exception cref="TimeoutException">Nothing completed for the stall timeout while commands were still being sent.</exception>
    private async Task<(TimeSpan Elapsed, int Completed)> RunPhaseAsync(
        BenchtestPhase phase, RoleProcess sender, IReadOnlyList<RoleProcess> consumers, int first, int perTask, int count, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        var sending = sender.AskAsync(string.Create(CultureInfo.InvariantCulture, $"send {first} {perTask}"), RoleJsonContext.Default.Done, cancellationToken);
        List<ConsumerProgress> reports = [];
        var completed = await CompletionWatch.UntilDoneAsync(phase, count, sending, CompletedAsync, progress, cancellationToken).ConfigureAwait(false);
        var elapsed = completed > 0 ? Stopwatch.GetElapsedTime(started, reports.Max(report => report.LastCompletedTimestamp)) : TimeSpan.Zero;
        return (elapsed, completed);

        async Task<int> CompletedAsync()
        {
            reports.Clear();
            foreach (var consumer in consumers)
            {
                reports.Add(await consumer.AskAsync("progress", RoleJsonContext.Default.ConsumerProgress, cancellationToken).ConfigureAwait(false));
            }

            return reports.Sum(report => report.Completed) - first;
        }
    }

    private ScaleOutPoint Describe(
        int consumers, int warmup, TimeSpan elapsed, DeliveryTally tally, BrokerOperations operations, TimeSpan brokerCpu, List<TimeSpan> consumerCpu, TimeSpan senderCpu)
    {
        var measured = settings.Operations;
        var completed = measured - tally.Lost;
        var perOp = 1e6 / Math.Max(1, completed);
        // A phase that completed nothing lasted no time: its rates are 0, not infinite.
        var seconds = elapsed.TotalSeconds;
        double PerSecond(double amount) => seconds > 0 ? amount / seconds : 0;
        var broker = BrokerOperationsPerOp.Of(operations, Math.Max(1, completed));
        var consumersTotal = consumerCpu.Aggregate(TimeSpan.Zero, (sum, cpu) => sum + cpu);
        return new ScaleOutPoint
        {
            Consumers = consumers,
            CoresPerConsumer = coresPerConsumer,
            MachineProcessors = Environment.ProcessorCount,
            Tasks = settings.Tasks,
            CommandsPerTask = settings.CommandsPerTask,
            WarmupOperations = warmup,
            Operations = completed,
            Seconds = seconds,
            OpsPerSecond = PerSecond(completed),
            ConsumerCpuUsPerOp = consumersTotal.TotalSeconds * perOp,
            ConsumerCpuUsPerOpEach = [.. consumerCpu.Select(cpu => cpu.TotalSeconds * perOp)],
            ConsumerBusyCores = PerSecond(consumersTotal.TotalSeconds),
            BrokerCpuUsPerOp = brokerCpu.TotalSeconds * perOp,
            BrokerBusyCores = PerSecond(brokerCpu.TotalSeconds),
            SenderCpuUsPerOp = senderCpu.TotalSeconds * perOp,
            SenderBusyCores = PerSecond(senderCpu.TotalSeconds),
            BrokerOperationsPerOp = broker.Total,
            BrokerSendsPerOp = broker.Sends,
            BrokerReceivesPerOp = broker.Receives,
            BrokerSettlementsPerOp = broker.Settlements,
            Conflicts = 0,
            Lost = tally.Lost,
            Duplicates = tally.Duplicates,
            CompletedPerConsumer = tally.CompletedPerConsumer,
            BrokerNetworkDelayMs = settings.BrokerNetworkDelay.TotalMilliseconds,
            Sizing = WorkloadSizing.For(settings.TargetRates, consumersTotal.TotalSeconds * perOp, broker.Total, warmup + measured),
        };
    }
}
