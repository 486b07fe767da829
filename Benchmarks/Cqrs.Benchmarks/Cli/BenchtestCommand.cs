using System.Globalization;
using Cqrs.Benchmarks.Processes;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Sizing;

namespace Cqrs.Benchmarks.Cli;

/// <summary>The benchtest CLI: parses the options, runs, prints the table, and ends stdout with the JSON line(s).</summary>
internal static class BenchtestCommand
{
    private const int UsageError = 2;
    private const int RunFailed = 1;

    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error)
    {
        BenchtestCommandLine commandLine;
        try
        {
            commandLine = BenchtestCommandLine.Parse(args);
            if (commandLine.ShowHelp)
            {
                output.Write(HelpText.Usage);
                return 0;
            }

            // With --consumers, --cores is each consumer's: this process, which starts them, stays on every processor.
            var coresAreThisProcesss = commandLine.ConsumerLevels is null && commandLine.ChurnKills is null;
            if (coresAreThisProcesss && commandLine.Cores is { } cores && commandLine.Pinning == BenchtestPinning.AfterStart)
            {
                CoreAffinity.PinToFirst(cores);
            }
            else if (coresAreThisProcesss && commandLine.Cores is { } pinned
                && (!CoreAffinity.IsPinnedFromStartTo(pinned) || PinnedRelaunch.LacksRuntimeSettings(pinned)))
            {
                if (PinnedRelaunch.IsRelaunched)
                {
                    error.WriteLine($"error: relaunched on {pinned} cores, the runtime still sees {Environment.ProcessorCount} processors.");
                    return RunFailed;
                }

                // Still on the main thread, before any await: see PinnedRelaunch.
                return await PinnedRelaunch.RunAsync(pinned, args).ConfigureAwait(false);
            }
        }
        catch (Exception exception) when (exception is UsageException or PlatformNotSupportedException)
        {
            error.WriteLine($"error: {exception.Message}");
            error.WriteLine("Run with --help to see the options.");
            return UsageError;
        }

        var progress = new StderrProgress(error, terminal: !Console.IsErrorRedirected);
        try
        {
            if (commandLine.ChurnKills is { } kills)
            {
                var churn = await ScaleOutCommand.ChurnAsync(commandLine, kills, output, error, progress).ConfigureAwait(false);
                output.WriteLine(churn.ToJson());
                var lostAny = Failed(error, duplicates: 0, churn.Lost);
                if (churn.RepeatsUnderNewIds > 0)
                {
                    error.WriteLine($"error: {churn.RepeatsUnderNewIds} handler runs repeated an operation under a message id not seen before.");
                    return RunFailed;
                }

                if (churn.OrderViolations > 0 || churn.Lanes == 0)
                {
                    error.WriteLine(churn.Lanes == 0
                        ? "error: --ordering, but no handler run carried an ordering key: order was not checked."
                        : $"error: {churn.OrderViolations} handler runs came after a later operation of their ordering key had been handled.");
                    return RunFailed;
                }

                if (churn.EffectsLost > 0 || churn.EffectRepeatsUnexplained > 0)
                {
                    error.WriteLine(
                        $"error: through the inbox, {churn.EffectsLost} operations missed an event handler's effect and {churn.EffectRepeatsUnexplained} effects " +
                        "were repeated after the inbox had recorded them.");
                    return RunFailed;
                }

                return lostAny;
            }

            if (commandLine.ConsumerLevels is { } levels)
            {
                var points = await ScaleOutCommand.RunAsync(commandLine, levels, output, error, progress).ConfigureAwait(false);
                WriteSizing(output, points[0].Sizing);
                foreach (var point in points)
                {
                    output.WriteLine(point.ToJson());
                }

                return Failed(error, points.Sum(point => point.Duplicates), points.Sum(point => point.Lost));
            }

            var results = await RunAsync(commandLine, output, progress).ConfigureAwait(false);
            WriteSizing(output, results[^1].Sizing);
            foreach (var result in results)
            {
                output.WriteLine(result.ToJson());
            }

            return Failed(error, results.Sum(result => result.DuplicateDeliveries), results.Sum(result => result.Lost));
        }
        catch (Exception exception) when (exception is TimeoutException or IOException or UnauthorizedAccessException or PlatformNotSupportedException)
        {
            progress.Clear();
            error.WriteLine($"error: {exception.Message}");
            return RunFailed;
        }
    }

    /// <summary>The headline run's sizing (the first level's, of a scale-out run), when target rates were asked for.</summary>
    private static void WriteSizing(TextWriter output, IReadOnlyList<SizingEstimate>? sizing)
    {
        if (sizing is { Count: > 0 })
        {
            output.WriteLine();
            ResultTable.WriteSizing(output, sizing);
        }
    }

    /// <summary>A run that doubled or lost an operation failed: says so, and returns the exit code.</summary>
    private static int Failed(TextWriter error, int duplicates, int lost)
    {
        if (duplicates > 0)
        {
            error.WriteLine($"error: {duplicates} event deliveries were doubled.");
        }

        if (lost > 0)
        {
            error.WriteLine($"error: {lost} operations were sent but never handled.");
        }

        return duplicates > 0 || lost > 0 ? RunFailed : 0;
    }

    /// <summary>Runs what the command line asks for, prints the table, and returns the runs with the headline last.</summary>
    private static async Task<IReadOnlyList<BenchtestResult>> RunAsync(
        BenchtestCommandLine commandLine, TextWriter output, StderrProgress progress)
    {
        var settings = commandLine.Cores is { } cores
            ? commandLine.Settings with { Concurrency = cores, Pinning = commandLine.Pinning }
            : commandLine.Settings;
        var runner = new BenchtestRunner();
        if (commandLine.Sweep)
        {
            return await SweepAsync(runner, settings, commandLine, output, progress).ConfigureAwait(false);
        }

        if (settings.Transport == BenchtestTransport.ServiceBus)
        {
            return await CompareWithBaselineAsync(runner, settings, output, progress).ConfigureAwait(false);
        }

        if (commandLine.Repeat > 1)
        {
            return await RepeatAsync(runner, settings, commandLine.Repeat, output, progress).ConfigureAwait(false);
        }

        progress.StartRun("");
        var headline = await runner.RunAsync(settings, progress).ConfigureAwait(false);
        if (!commandLine.CompareSampling)
        {
            progress.Clear();
            ResultTable.WriteRuns(output, [("result", headline)]);
            return [headline];
        }

        progress.StartRun("sampling 1: ");
        var fullSampling = await runner.RunAsync(settings with { TraceSampling = 1 }, progress).ConfigureAwait(false);
        progress.Clear();
        ResultTable.WriteRuns(output, [($"sampling {Fraction(settings.TraceSampling)}", headline), ("sampling 1", fullSampling)]);
        output.WriteLine();
        output.WriteLine($"Full tracing costs {100 * (1 - (fullSampling.OpsPerSecond / headline.OpsPerSecond)):0.0}% of the throughput.");
        return [fullSampling, headline];
    }

    /// <summary>
    /// The same benchtest run again and again, each run with its own warm-up: one column per run, then the spread of
    /// the headline figures. The median run (by ops/s), with the spread, is the headline, reported last.
    /// </summary>
    private static async Task<IReadOnlyList<BenchtestResult>> RepeatAsync(
        BenchtestRunner runner, BenchtestSettings settings, int repeat, TextWriter output, StderrProgress progress)
    {
        var runs = new List<BenchtestResult>(repeat);
        for (var run = 1; run <= repeat; run++)
        {
            progress.StartRun($"run {run} of {repeat}: ");
            runs.Add(await runner.RunAsync(settings, progress).ConfigureAwait(false));
        }

        progress.Clear();
        ResultTable.WriteRuns(output, [.. runs.Select((run, index) => ($"run {index + 1}", run))]);
        var (median, summary) = RepeatedRuns.Summarize(runs);
        output.WriteLine();
        ResultTable.WriteSpread(output, summary);
        return [.. runs.Where((_, index) => index != median), summary];
    }

    /// <summary>
    /// The Service Bus transport tuned, then one message at a time (one sender, a twentieth of the operations); the tuned
    /// run is the headline, reported last, with its speed-up over the baseline. A run's own warm-up ends while much of
    /// the code both profiles share still runs at the JIT's instrumented tier (a run measured first comes out far too
    /// slow), so a baseline run whose figures are dropped comes first, and each measured run finds
    /// that code optimized.
    /// </summary>
    private static async Task<IReadOnlyList<BenchtestResult>> CompareWithBaselineAsync(
        BenchtestRunner runner, BenchtestSettings settings, TextWriter output, StderrProgress progress)
    {
        var baselineSettings = settings with
        {
            ServiceBusProfile = ServiceBusProfile.Baseline,
            Tasks = 1,
            CommandsPerTask = Math.Max(1, settings.Operations / 20),
            WarmupOperations = Math.Min(settings.WarmupOperations, 200),
        };
        progress.StartRun("warming the JIT: ");
        await runner.RunAsync(baselineSettings, progress).ConfigureAwait(false);
        progress.StartRun("tuned: ");
        var tuned = await runner.RunAsync(settings with { ServiceBusProfile = ServiceBusProfile.Tuned }, progress).ConfigureAwait(false);
        progress.StartRun("baseline: ");
        var baseline = await runner.RunAsync(baselineSettings, progress).ConfigureAwait(false);
        tuned = tuned with { SpeedupOverBaseline = tuned.OpsPerSecond / baseline.OpsPerSecond };
        progress.Clear();
        ResultTable.WriteRuns(output, [("baseline", baseline), ("tuned", tuned)]);
        output.WriteLine();
        output.WriteLine($"Tuned is {tuned.SpeedupOverBaseline:0.0}× the one-message-at-a-time baseline; {tuned.Lost + baseline.Lost} operations lost.");
        return [baseline, tuned];
    }

    private static async Task<IReadOnlyList<BenchtestResult>> SweepAsync(
        BenchtestRunner runner, BenchtestSettings settings, BenchtestCommandLine commandLine, TextWriter output, StderrProgress progress)
    {
        var sweep = await new ConcurrencySweep(runner)
            .RunAsync(settings, commandLine.SweepLevels, level => progress.StartRun($"in flight {level}: "), progress)
            .ConfigureAwait(false);
        progress.Clear();
        var chartPath = commandLine.ChartPath ?? BenchtestCommandLine.DefaultChartPath;
        await File.WriteAllTextAsync(chartPath, SweepChart.ToSvg(sweep)).ConfigureAwait(false);
        ResultTable.WriteSweep(output, sweep);
        output.WriteLine($"Chart: {Path.GetFullPath(chartPath)}");
        output.WriteLine();
        ResultTable.WriteRuns(output, [("knee", sweep.Knee)]);
        return [.. sweep.Points.Where(point => point != sweep.Knee), sweep.Knee];
    }

    private static string Fraction(double value) => value.ToString("0.####", CultureInfo.InvariantCulture);
}
