using System.Globalization;
using Cqrs.Benchtest;
using Cqrs.Benchtest.ScaleOut;
using Cqrs.Benchtest.Sizing;

namespace Cqrs.Benchmarks.Cli;

/// <summary>Prints results as tables a person reads: one column per run, or one row per sweep level.</summary>
internal static class ResultTable
{
    private const int LabelWidth = 24;
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private static readonly (string Label, Func<BenchtestResult, string> Value)[] Rows =
    [
        ("transport", Transport),
        ("load", Load),
        ("event store", result => result.Store),
        ("in flight at most", result => Count(result.MaxInFlight)),
        ("operations", result => Count(result.Operations)),
        ("seconds", result => result.Seconds.ToString("F2", Invariant)),
        ("ops/s", result => Count(result.OpsPerSecond)),
        ("latency mean (µs)", result => Micros(result.LatencyMeanUs)),
        ("latency p50 (µs)", result => Micros(result.LatencyP50Us)),
        ("latency p99 (µs)", result => Micros(result.LatencyP99Us)),
        ("allocated (B/op)", result => Count(result.AllocatedBytesPerOp)),
        ("GCs gen0 / gen1 / gen2", result => $"{Count(result.Gen0Collections)} / {Count(result.Gen1Collections)} / {Count(result.Gen2Collections)}"),
        ("GC pauses (ms)", result => result.GcPauseMs.ToString("F1", Invariant)),
        ("CPU time (µs/op)", result => result.CpuUsPerOp.ToString("F1", Invariant)),
        ("cores", result => result.Pinning == "none" ? Count(result.Cores) : $"{Count(result.Cores)}, pinned {result.Pinning}"),
        ("telemetry", result => result.Telemetry ? $"on, {result.TraceSampling.ToString("0.####", Invariant)} sampled, spans exported {result.SpanExportBatch} at a time" : "off"),
        ("spans exported", result => Count(result.SpansExported)),
        ("duplicate deliveries", result => Count(result.DuplicateDeliveries)),
        ("lost", result => Count(result.Lost)),
        ("warm-up (s)", result => $"{result.WarmupSeconds.ToString("F1", Invariant)}, {(result.WarmupSettled ? "JIT settled" : "JIT not settled: figures may be of unoptimized code")}, tiering delay {Count(result.TieringDelayMs)} ms"),
        ("start-up (ms)", result => $"{result.StartupMs.ToString("F1", Invariant)} (JIT {result.StartupJitMs.ToString("F1", Invariant)} ms, {Count(result.StartupJittedMethods)} methods)"),
        ("price (USD/h)", result => result.PricePerHourUsd.ToString("0.####", Invariant)),
        ("broker ops/op", BrokerOperations),
        ("cost/op plan / broker", result => $"{result.PlanCostPerOpUsd.ToString("G3", Invariant)} / {result.BrokerCostPerOpUsd?.ToString("G3", Invariant) ?? "–"} USD"),
        ("ops per dollar", result => Count(result.OpsPerDollar)),
    ];

    /// <summary>A Service Bus run's broker operations per operation, on a local broker; a dash otherwise.</summary>
    private static string BrokerOperations(BenchtestResult result) => result.BrokerOperationsPerOp is { } total
        ? $"{total.ToString("0.##", Invariant)} ({result.BrokerSendsPerOp?.ToString("0.##", Invariant)} sent, " +
          $"{result.BrokerReceivesPerOp?.ToString("0.##", Invariant)} received, {result.BrokerSettlementsPerOp?.ToString("0.##", Invariant)} settled)"
        : "–";

    /// <summary>One column per named run, one row per figure.</summary>
    public static void WriteRuns(TextWriter output, IReadOnlyList<(string Name, BenchtestResult Result)> runs)
    {
        var cells = runs.Select(run => Rows.Select(row => row.Value(run.Result)).Prepend(run.Name).ToArray()).ToArray();
        var widths = cells.Select(column => column.Max(cell => cell.Length) + 2).ToArray();
        for (var row = 0; row <= Rows.Length; row++)
        {
            var label = row == 0 ? "" : Rows[row - 1].Label;
            output.Write(label.PadRight(LabelWidth));
            for (var run = 0; run < cells.Length; run++)
            {
                output.Write(cells[run][row].PadLeft(widths[run]));
            }

            output.WriteLine();
        }
    }

    /// <summary>The spread of a repeated run's headline figures: one row per figure, its median, range and largest deviation.</summary>
    public static void WriteSpread(TextWriter output, BenchtestResult summary)
    {
        output.WriteLine($"{$"spread over {summary.Runs} runs",-LabelWidth}{"median",12}{"min",12}{"max",12}{"max deviation",16}");
        foreach (var (label, spread) in new[]
                 {
                     ("ops/s", summary.OpsPerSecondSpread),
                     ("CPU time (µs/op)", summary.CpuUsPerOpSpread),
                     ("latency p99 (µs)", summary.LatencyP99UsSpread),
                     ("allocated (B/op)", summary.AllocatedBytesPerOpSpread),
                 })
        {
            if (spread is not null)
            {
                output.WriteLine(
                    $"{label,-LabelWidth}{Figure(spread.Median),12}{Figure(spread.Min),12}{Figure(spread.Max),12}" +
                    $"{"±" + spread.MaxDeviationPercent.ToString("F1", Invariant) + "%",16}");
            }
        }
    }

    /// <summary>One row per concurrency level, the knee and the best marked.</summary>
    public static void WriteSweep(TextWriter output, SweepResult sweep)
    {
        output.WriteLine($"{"in flight",10}{"ops/s",12}{"mean µs",11}{"p50 µs",11}{"p99 µs",11}{"B/op",8}");
        foreach (var point in sweep.Points)
        {
            var marks = string.Join(", ", new[] { point == sweep.Knee ? "knee" : null, point == sweep.Best ? "best" : null }.OfType<string>());
            output.WriteLine(
                $"{Count(point.Tasks),10}{Count(point.OpsPerSecond),12}{Micros(point.LatencyMeanUs),11}{Micros(point.LatencyP50Us),11}" +
                $"{Micros(point.LatencyP99Us),11}{Count(point.AllocatedBytesPerOp),8}{(marks.Length > 0 ? "  ← " + marks : "")}");
        }

        output.WriteLine();
        output.WriteLine(
            $"Knee: {sweep.Knee.Tasks} in flight reach {Count(sweep.Knee.OpsPerSecond)} ops/s, " +
            $"≥ {SweepResult.KneeShareOfBest * 100:0}% of the best ({Count(sweep.Best.OpsPerSecond)} ops/s at {sweep.Best.Tasks}).");
    }

    /// <summary>
    /// One row per count of consumer processes: throughput, and for the consumers (together), the broker and the sender
    /// their CPU time per operation and the processors they kept busy; then what the broker billed and what was lost or
    /// doubled.
    /// </summary>
    public static void WriteScaleOut(TextWriter output, IReadOnlyList<ScaleOutPoint> points)
    {
        output.WriteLine(
            $"{"consumers",10}{"ops/s",10}{"speed-up",10}{"consumers µs/op",17}{"busy",7}{"broker µs/op",14}{"busy",7}" +
            $"{"sender µs/op",14}{"busy",7}{"broker ops/op",15}{"lost",7}{"doubled",9}  operations per consumer");
        foreach (var point in points)
        {
            output.WriteLine(
                $"{Count(point.Consumers),10}{Count(point.OpsPerSecond),10}{Ratio(point.SpeedupOverOneConsumer),10}" +
                $"{Micros(point.ConsumerCpuUsPerOp),17}{Ratio(point.ConsumerBusyCores),7}{Micros(point.BrokerCpuUsPerOp),14}{Ratio(point.BrokerBusyCores),7}" +
                $"{Micros(point.SenderCpuUsPerOp),14}{Ratio(point.SenderBusyCores),7}{point.BrokerOperationsPerOp.ToString("0.##", Invariant),15}" +
                $"{Count(point.Lost),7}{Count(point.Duplicates),9}  {string.Join(" / ", point.CompletedPerConsumer.Select(completed => Count(completed)))}");
        }

        output.WriteLine();
        output.WriteLine(
            "busy: the processors a process kept busy over the measured phase (its CPU time over the phase's length); " +
            $"each consumer ran on {Count(points[0].CoresPerConsumer)} of the machine's {Count(points[0].MachineProcessors)}.");
    }

    /// <summary>A churn run: what was killed, and what the consumers' durable logs say.</summary>
    public static void WriteChurn(TextWriter output, ChurnResult result)
    {
        output.WriteLine(
            $"{Count(result.Operations)} operations over {Count(result.Consumers)} consumers, {Count(result.Kills)} killed (SIGKILL) and restarted " +
            $"(seed {result.Seed.ToString(Invariant)}, locks of {result.LockDurationSeconds.ToString("0.##", Invariant)} s), {result.Seconds.ToString("F1", Invariant)} s:");
        output.WriteLine(
            $"lost {Count(result.Lost)}; {Count(result.HandlerRuns)} event handler runs, {Count(result.Repeats)} of them repeats, " +
            $"{Count(result.RepeatsUnderNewIds)} under a message id not seen before.");
        if (result is { OrderViolations: { } violations, Lanes: { } lanes })
        {
            output.WriteLine($"{Count(lanes)} ordering keys: {Count(violations)} first runs after a later one of their key.");
        }

        if (result is { Effects: { } effects, EffectsLost: { } lost, EffectRepeats: { } repeats })
        {
            output.WriteLine(
                $"through the inbox: {Count(effects)} handler effects, {Count(lost)} operations missing one; {Count(repeats)} repeated: " +
                $"{Count(result.EffectRepeatsAfterKills ?? 0)} after a kill between an effect and its record, " +
                $"{Count(result.EffectRepeatsConcurrent ?? 0)} while another process had not yet recorded it, " +
                $"{Count(result.EffectRepeatsUnexplained ?? 0)} after it was recorded.");
        }
    }

    /// <summary>
    /// What each target rate needs: one row per rate, each plan's instances and their monthly price (a "!" where the rate
    /// needs more than the plan's tier allows), Service Bus Standard's and one Premium unit's monthly price; then the inputs.
    /// </summary>
    public static void WriteSizing(TextWriter output, IReadOnlyList<SizingEstimate> estimates)
    {
        var first = estimates[0];
        output.Write($"{"target ops/s",14}");
        foreach (var plan in first.Plans)
        {
            output.Write($"{$"{plan.Plan} ({plan.CoresPerInstance} core{(plan.CoresPerInstance == 1 ? "" : "s")}, ≤ {plan.MaxInstances})",24}");
        }

        output.WriteLine($"{"Service Bus Standard",22}{"Premium, 1 unit",17}{"cheaper",10}");
        foreach (var estimate in estimates)
        {
            output.Write($"{Count(estimate.TargetOpsPerSecond),14}");
            foreach (var plan in estimate.Plans)
            {
                output.Write($"{$"{Count(plan.Instances)}{(plan.WithinLimit ? "" : "!")} ({Usd(plan.MonthlyUsd)})",24}");
            }

            output.WriteLine($"{Usd(estimate.ServiceBus.StandardMonthlyUsd),22}{Usd(estimate.ServiceBus.PremiumMonthlyUsd),17}{estimate.ServiceBus.CheaperTier,10}");
        }

        output.WriteLine();
        output.WriteLine(
            $"Monthly prices ({first.Prices}), from {Micros(first.CpuUsPerOp)} µs of CPU per operation with each core kept " +
            $"{(first.BusyShare * 100).ToString("0", Invariant)}% busy, and {first.BrokerOperationsPerOp.ToString("0.##", Invariant)} broker operations per operation " +
            $"({(first.BrokerOperationsMeasured ? "counted" : "estimated from 2 messages of")} payloads up to {Count(first.PayloadBytes)} B). " +
            (first.ServiceBus.PremiumCheaperAboveOpsPerSecond is { } crossover ? $"One Premium unit costs less than Standard above {Count(crossover)} ops/s. " : "") +
            "A ! marks more instances than the plan's tier allows.");
    }

    private static string Usd(double value) => "$" + value.ToString("N0", Invariant);

    private static string Ratio(double? value) => value?.ToString("0.00", Invariant) ?? "–";

    private static string Transport(BenchtestResult result) => result.ServiceBusProfile is { } profile
        ? $"{result.Transport}, {profile}{(result.BrokerNetworkDelayMs is > 0 and var delay ? $", network {delay.ToString("0.##", Invariant)} ms each way" : "")}"
        : $"{result.Transport}, {(result.Direct ? "direct" : "full pipeline")}{(result.Validated ? "" : ", unvalidated")}";

    private static string Load(BenchtestResult result)
    {
        var shape = $"{Count(result.Tasks)} × {Count(result.CommandsPerTask)}";
        return result.OfferedRate is { } rate ? $"open loop at {Count(rate)}/s, {shape}" : $"closed loop, {shape}";
    }

    private static string Count(double value) => value.ToString("N0", Invariant);

    private static string Micros(double value) => value.ToString("N1", Invariant);

    /// <summary>Large figures as whole numbers, small ones (CPU µs per operation) with a decimal.</summary>
    private static string Figure(double value) => value < 100 ? Micros(value) : Count(value);
}
