using System.Diagnostics.CodeAnalysis;
using BenchmarkDotNet.Attributes;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// The subjects both dispatch benchmarks call: ours and the mediators' for every benchmark, Wolverine's host only for
/// the benchmarks named <see cref="WolverineBenchmark"/> and <see cref="WolverineInlineBenchmark"/>.
/// </summary>
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet disposes benchmark state in [GlobalCleanup].")]
public abstract class DispatchBenchmarkState
{
    /// <summary>The name the derived classes give their Wolverine benchmark (event queued).</summary>
    protected const string WolverineBenchmark = "Wolverine";

    /// <summary>The name the derived classes give their Wolverine benchmark (event in line).</summary>
    protected const string WolverineInlineBenchmark = "WolverineInline";

    private protected DispatchSubjects Subjects { get; private set; } = null!;

    private protected WolverineSubjects WolverineHost { get; private set; } = null!;

    [GlobalSetup]
    public void Setup() => Subjects = new DispatchSubjects();

    [GlobalCleanup]
    public void Cleanup() => Subjects?.Dispose();

    [GlobalSetup(Targets = [WolverineBenchmark, WolverineInlineBenchmark])]
    public async Task SetupWolverine() => WolverineHost = await WolverineSubjects.StartAsync();

    [GlobalCleanup(Targets = [WolverineBenchmark, WolverineInlineBenchmark])]
    public async Task CleanupWolverine()
    {
        if (WolverineHost is not null)
        {
            await WolverineHost.DisposeAsync();
        }
    }
}
