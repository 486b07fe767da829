using System.Diagnostics.CodeAnalysis;
using BenchmarkDotNet.Attributes;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Cost per operation when operations overlap: each invocation sends <see cref="Operations"/> commands as
/// each dispatcher accepts them and awaits them all; figures are per operation. The same four side by side
/// as <see cref="DispatchBenchmarks"/>; the baseline and MediatR call in line, so for them nothing overlaps.
/// </summary>
[MemoryDiagnoser]
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet disposes benchmark state in [GlobalCleanup].")]
public class DispatchThroughputBenchmarks
{
    private const int Operations = 1000;

    private DispatchSubjects? _subjects;

    [GlobalSetup]
    public void Setup() => _subjects = new DispatchSubjects();

    [GlobalCleanup]
    public void Cleanup() => _subjects?.Dispose();

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
}
