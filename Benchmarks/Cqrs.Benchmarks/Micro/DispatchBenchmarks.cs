using System.Diagnostics.CodeAnalysis;
using BenchmarkDotNet.Attributes;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Latency of one operation: each invocation sends one command and awaits both handlers of its event.
/// Side by side: the handlers called directly (baseline), our bus in direct mode and with the full pipeline
/// (validation and MessagePack on both hops), and MediatR 5.1.
/// </summary>
[MemoryDiagnoser]
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet disposes benchmark state in [GlobalCleanup].")]
public class DispatchBenchmarks
{
    private DispatchSubjects? _subjects;

    [GlobalSetup]
    public void Setup() => _subjects = new DispatchSubjects();

    [GlobalCleanup]
    public void Cleanup() => _subjects?.Dispose();

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
}
