using System.Diagnostics.CodeAnalysis;
using BenchmarkDotNet.Attributes;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Cost per operation when operations overlap: each invocation sends <see cref="Operations"/> commands as
/// each dispatcher accepts them and awaits them all; figures are per operation. The same subjects side by side
/// as <see cref="DispatchBenchmarks"/>; those that call in line (the baseline, direct dispatch, the mediators,
/// Wolverine's in-line variant) overlap nothing.
/// </summary>
[MemoryDiagnoser]
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet disposes benchmark state in [GlobalCleanup].")]
public class DispatchThroughputBenchmarks
{
    private const int Operations = 1000;

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

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations, Description = "Handlers called directly")]
    public Task HandlersCalledDirectly() => _subjects!.CallHandlersDirectlyAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs direct dispatch")]
    public Task CqrsDirectDispatch() => _subjects!.SendDirectAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs direct dispatch, unvalidated")]
    public Task CqrsDirectDispatchUnvalidated() => _subjects!.SendDirectUnvalidatedAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs full pipeline")]
    public Task CqrsFullPipeline() => _subjects!.SendThroughFullPipelineAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "MediatR 5.1")]
    public Task MediatR() => _subjects!.SendWithMediatRAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Mediator 3.0")]
    public Task Mediator() => _subjects!.SendWithMediatorAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Wolverine 6.62 InvokeAsync, event queued")]
    public Task Wolverine() => _wolverine!.InvokeAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Wolverine 6.62 InvokeAsync, event in line")]
    public Task WolverineInline() => _wolverine!.InvokeInlineAsync(Operations);
}
