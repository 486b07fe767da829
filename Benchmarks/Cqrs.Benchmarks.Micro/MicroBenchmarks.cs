using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace Cqrs.Benchmarks.Micro;

/// <summary>Runs the BenchmarkDotNet benchmarks, by default all of them.</summary>
internal static class MicroBenchmarks
{
    private const string QuickOption = "--quick";
    private const string CheckOption = "--check";

    /// <summary>
    /// Runs <see cref="ValidationCheck"/>, then the benchmarks unless it failed; <c>--check</c> runs the check alone,
    /// <c>--quick</c> makes a short smoke run, other arguments go to BenchmarkDotNet.
    /// </summary>
    /// <returns>0 when the check passed and every benchmark ran, 1 otherwise.</returns>
    public static int Run(string[] args)
    {
        if (!ValidationCheck.RunAsync().GetAwaiter().GetResult())
        {
            return 1;
        }

        if (args.Contains(CheckOption))
        {
            return 0;
        }

        var quick = args.Contains(QuickOption);
        string[] benchmarkArgs = [.. args.Where(arg => arg != QuickOption)];
        if (!benchmarkArgs.Any(arg => arg is "--filter" or "-f" or "--list"))
        {
            benchmarkArgs = [.. benchmarkArgs, "--filter", "*"];
        }

        var config = DefaultConfig.Instance.AddJob(quick ? Job.ShortRun : Job.Default);
        var summaries = BenchmarkSwitcher
            .FromTypes([typeof(DispatchBenchmarks), typeof(DispatchThroughputBenchmarks), typeof(SerializationBenchmarks), typeof(CallCostBenchmarks)])
            .Run(benchmarkArgs, config);
        return summaries.All(summary => !summary.HasCriticalValidationErrors && summary.Reports.All(report => report.Success)) ? 0 : 1;
    }
}
