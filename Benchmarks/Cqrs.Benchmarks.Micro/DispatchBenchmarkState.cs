using System.Diagnostics.CodeAnalysis;
using BenchmarkDotNet.Attributes;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Telemetry;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// The subjects both dispatch benchmarks call: ours and the mediators' for every benchmark, Wolverine's host only for
/// the benchmarks named <see cref="WolverineBenchmark"/> and <see cref="WolverineInlineBenchmark"/>. The benchmarks
/// named <see cref="DirectTelemetryOnBenchmark"/> and <see cref="FullTelemetryOnBenchmark"/> run with the benchtest's
/// telemetry listening (metrics read every second, traces sampled at 1%); the others with no listener.
/// </summary>
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet disposes benchmark state in [GlobalCleanup].")]
public abstract class DispatchBenchmarkState
{
    /// <summary>The name the derived classes give their Wolverine benchmark (event queued).</summary>
    protected const string WolverineBenchmark = "Wolverine";

    /// <summary>The name the derived classes give their Wolverine benchmark (event in line).</summary>
    protected const string WolverineInlineBenchmark = "WolverineInline";

    /// <summary>The name the derived classes give their benchmark of direct dispatch with telemetry on.</summary>
    protected const string DirectTelemetryOnBenchmark = "CqrsDirectDispatchTelemetryOn";

    /// <summary>The name the derived classes give their benchmark of the full pipeline with telemetry on.</summary>
    protected const string FullTelemetryOnBenchmark = "CqrsFullPipelineTelemetryOn";

    private TelemetryPipeline? _telemetry;

    private protected DispatchSubjects Subjects { get; private set; } = null!;

    private protected WolverineSubjects WolverineHost { get; private set; } = null!;

    [GlobalSetup]
    public void Setup() => Subjects = new DispatchSubjects();

    [GlobalCleanup]
    public void Cleanup() => Subjects?.Dispose();

    /// <summary>As the benchtest: the listeners first, then the bus.</summary>
    [GlobalSetup(Targets = [DirectTelemetryOnBenchmark, FullTelemetryOnBenchmark])]
    public void SetupWithTelemetry()
    {
        _telemetry = new BenchtestSettings().CreateTelemetryPipeline();
        Setup();
    }

    [GlobalCleanup(Targets = [DirectTelemetryOnBenchmark, FullTelemetryOnBenchmark])]
    public void CleanupWithTelemetry()
    {
        Cleanup();
        _telemetry?.Dispose();
    }

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
