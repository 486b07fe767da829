using BenchmarkDotNet.Attributes;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Latency of one operation: each invocation sends one command and awaits both handlers of its event.
/// Side by side: the handlers called directly (baseline), our bus in direct mode and with the full pipeline
/// (validation and MessagePack on both hops), both also with the benchtest's telemetry on, MediatR 5.1 and Mediator 3.0
/// (source-generated), each also with FluentValidation on the command and the event, and Wolverine 6.62 (in memory, durability off; its event queued locally as Wolverine publishes
/// it, or its handlers invoked in line).
/// </summary>
[MemoryDiagnoser]
public class DispatchBenchmarks : DispatchBenchmarkState
{
    [Benchmark(Baseline = true, Description = "Handlers called directly")]
    public Task HandlersCalledDirectly() => Subjects.CallHandlersDirectlyAsync(1);

    [Benchmark(Description = "Cqrs direct dispatch")]
    public Task CqrsDirectDispatch() => Subjects.SendDirectAsync(1);

    [Benchmark(Description = "Cqrs direct dispatch, unvalidated")]
    public Task CqrsDirectDispatchUnvalidated() => Subjects.SendDirectUnvalidatedAsync(1);

    [Benchmark(Description = "Cqrs full pipeline")]
    public Task CqrsFullPipeline() => Subjects.SendThroughFullPipelineAsync(1);

    [Benchmark(Description = "Cqrs direct dispatch, telemetry on")]
    public Task CqrsDirectDispatchTelemetryOn() => Subjects.SendDirectAsync(1);

    [Benchmark(Description = "Cqrs full pipeline, telemetry on")]
    public Task CqrsFullPipelineTelemetryOn() => Subjects.SendThroughFullPipelineAsync(1);

    [Benchmark(Description = "MediatR 5.1")]
    public Task MediatR() => Subjects.SendWithMediatRAsync(1);

    [Benchmark(Description = "Mediator 3.0")]
    public Task Mediator() => Subjects.SendWithMediatorAsync(1);

    [Benchmark(Description = "MediatR 5.1 + FluentValidation")]
    public Task MediatRValidated() => Subjects.SendWithValidatedMediatRAsync(1);

    [Benchmark(Description = "Mediator 3.0 + FluentValidation")]
    public Task MediatorValidated() => Subjects.SendWithValidatedMediatorAsync(1);

    [Benchmark(Description = "Wolverine 6.62 InvokeAsync, event queued")]
    public Task Wolverine() => WolverineHost.InvokeAsync(1);

    [Benchmark(Description = "Wolverine 6.62 InvokeAsync, event in line")]
    public Task WolverineInline() => WolverineHost.InvokeInlineAsync(1);
}
