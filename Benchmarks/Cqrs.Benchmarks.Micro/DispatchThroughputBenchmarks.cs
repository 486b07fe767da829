using BenchmarkDotNet.Attributes;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Cost per operation when operations overlap: each invocation sends <see cref="Operations"/> commands as
/// each dispatcher accepts them and awaits them all; figures are per operation. The same subjects side by side
/// as <see cref="DispatchBenchmarks"/>; those that call in line (the baseline, direct dispatch, the mediators,
/// Wolverine's in-line variant) overlap nothing.
/// </summary>
[MemoryDiagnoser]
public class DispatchThroughputBenchmarks : DispatchBenchmarkState
{
    private const int Operations = 1000;

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations, Description = "Handlers called directly")]
    public Task HandlersCalledDirectly() => Subjects.CallHandlersDirectlyAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs direct dispatch")]
    public Task CqrsDirectDispatch() => Subjects.SendDirectAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs direct dispatch, unvalidated")]
    public Task CqrsDirectDispatchUnvalidated() => Subjects.SendDirectUnvalidatedAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs full pipeline")]
    public Task CqrsFullPipeline() => Subjects.SendThroughFullPipelineAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs direct dispatch, telemetry on")]
    public Task CqrsDirectDispatchTelemetryOn() => Subjects.SendDirectAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Cqrs full pipeline, telemetry on")]
    public Task CqrsFullPipelineTelemetryOn() => Subjects.SendThroughFullPipelineAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "MediatR 5.1")]
    public Task MediatR() => Subjects.SendWithMediatRAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Mediator 3.0")]
    public Task Mediator() => Subjects.SendWithMediatorAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "MediatR 5.1 + FluentValidation")]
    public Task MediatRValidated() => Subjects.SendWithValidatedMediatRAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Mediator 3.0 + FluentValidation")]
    public Task MediatorValidated() => Subjects.SendWithValidatedMediatorAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Wolverine 6.62 InvokeAsync, event queued")]
    public Task Wolverine() => WolverineHost.InvokeAsync(Operations);

    [Benchmark(OperationsPerInvoke = Operations, Description = "Wolverine 6.62 InvokeAsync, event in line")]
    public Task WolverineInline() => WolverineHost.InvokeInlineAsync(Operations);
}
