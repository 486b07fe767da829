using Cqrs.Benchmarks.ScaleOut;
using Cqrs.Benchtest.ScaleOut;

namespace Cqrs.Benchmarks.Cli;

/// <summary>
/// <c>--consumers A,B,...</c>: one <see cref="ScaleOutLevel"/> per count of consumer processes, in order; then the table,
/// the chart, and one JSON line per level. <c>--churn KILLS</c>: a <see cref="ChurnRun"/>.
/// </summary>
internal static class ScaleOutCommand
{
    public const string DefaultChartPath = "benchtest-consumers.svg";

    /// <returns>The levels' points, in the order run, each with its speed-up over the one-consumer level when there is one.</returns>
    public static async Task<IReadOnlyList<ScaleOutPoint>> RunAsync(
        BenchtestCommandLine commandLine, IReadOnlyList<int> levels, TextWriter output, TextWriter error, StderrProgress progress)
    {
        var level = new ScaleOutLevel(commandLine.Settings, commandLine.Cores ?? 1, progress, Announce(error, progress));
        List<ScaleOutPoint> points = [];
        foreach (var consumers in levels)
        {
            progress.StartRun($"{consumers} consumer{(consumers == 1 ? "" : "s")}: ");
            points.Add(await level.RunAsync(consumers, CancellationToken.None).ConfigureAwait(false));
        }

        if (points.Find(point => point.Consumers == 1) is { OpsPerSecond: > 0 } one)
        {
            points = [.. points.Select(point => point with { SpeedupOverOneConsumer = point.OpsPerSecond / one.OpsPerSecond })];
        }

        progress.Clear();
        var chartPath = commandLine.ChartPath ?? DefaultChartPath;
        await File.WriteAllTextAsync(chartPath, ScaleOutChart.ToSvg(points)).ConfigureAwait(false);
        ResultTable.WriteScaleOut(output, points);
        output.WriteLine($"Chart: {Path.GetFullPath(chartPath)}");
        return points;
    }

    /// <summary>Kills a consumer <paramref name="kills"/> times while the commands flow, then prints what its logs say.</summary>
    public static async Task<ChurnResult> ChurnAsync(BenchtestCommandLine commandLine, int kills, TextWriter output, TextWriter error, StderrProgress progress)
    {
        var seed = commandLine.Seed ?? Random.Shared.Next();
        progress.StartRun($"churn, seed {seed}: ");
        var result = await new ChurnRun(commandLine.Settings, progress, Announce(error, progress)).RunAsync(kills, seed, commandLine.ChurnInbox, commandLine.ChurnOrdering, CancellationToken.None).ConfigureAwait(false);
        progress.Clear();
        ResultTable.WriteChurn(output, result);
        return result;
    }

    /// <summary>Says on stderr which process each role runs in: a test, or a person, can watch them.</summary>
    private static Action<string, int> Announce(TextWriter error, StderrProgress progress) => (name, id) =>
    {
        progress.Clear();
        error.WriteLine($"{name} started: process {id}");
    };
}
