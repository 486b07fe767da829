using System.Diagnostics.CodeAnalysis;
using BenchmarkDotNet.Attributes;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Latency of one operation: each invocation sends one command and awaits both handlers of its event.
/// Side by side: the handlers called directly (baseline), our bus in direct mode and with the full pipeline
/// (validation and MessagePack on both hops), MediatR 5.1, Mediator 3.0 (source-generated) and Wolverine 6.62
/// (in memory, durability off; its event queued locally as Wolverine publishes it, or its handlers invoked in line).
/// </summary>
[MemoryDiagnoser]
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet disposes benchmark state in [GlobalCleanup].")]
public class DispatchBenchmarks
{
    private DispatchSubjects? _subjects;
    private WolverineSubjects? _wolverine;

    [GlobalSetup]
    public void Setup() => _subjects = new DispatchSubjects();

    [GlobalCleanup]
    public void Cleanup() => _subjects?.Dispose();

    [GlobalSetup(Targets = [nameof(Wolverine), nameof(WolverineInline)])]
    public async Task SetupWolverine() => _wolverine = await WolverineSubjects.StartAsync();

    [GlobalCleanup(Targets = [nameof(Wolverine), nameof(WolverineInline)])]
    public async Task CleanupWolverine()
    {
        if (_wolverine is not null)
        {
            await _wolverine.DisposeAsync();
        }
    }

    [Benchmark(Baseline = true, Description = "Handlers called directly")]
    public Task HandlersCalledDirectly() => _subjects!.CallHandlersDirectlyAsync(1);

    [Benchmark(Description = "Cqrs direct dispatch")]
    public Task CqrsDirectDispatch() => _subjects!.SendDirectAsync(1);

    [Benchmark(Description = "Cqrs direct dispatch, unvalidated")]
    public Task CqrsDirectDispatchUnvalidated() => _subjects!.SendDirectUnvalidatedAsync(1);

    [Benchmark(Description = "Cqrs full pipeline")]
    public Task CqrsFullPipeline() => _subjects!.SendThroughFullPipelineAsync(1);

    [Benchmark(Description = "MediatR 5.1")]
    public Task MediatR() => _subjects!.SendWithMediatRAsync(1);

    [Benchmark(Description = "Mediator 3.0")]
    public Task Mediator() => _subjects!.SendWithMediatorAsync(1);

    [Benchmark(Description = "Wolverine 6.62 InvokeAsync, event queued")]
    public Task Wolverine() => _wolverine!.InvokeAsync(1);

    [Benchmark(Description = "Wolverine 6.62 InvokeAsync, event in line")]
    public Task WolverineInline() => _wolverine!.InvokeInlineAsync(1);
}
