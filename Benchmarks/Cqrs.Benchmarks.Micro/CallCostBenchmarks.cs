using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using BenchmarkDotNet.Attributes;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Handlers;
using Cqrs.Benchtest.Messages;
using Cqrs.Benchtest.Telemetry;
using Cqrs.Diagnostics;
using Cqrs.Pipeline;
using Cqrs.Transports;
using FluentValidation.Results;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Each benchmark makes, once per invocation, one of the calls into telemetry and validation that a benchtest operation
/// makes, under the benchtest's "telemetry on" (OpenTelemetry's SDK reading metrics every second, traces sampled at
/// 1%). Each costs mostly the dependency's own time: OpenTelemetry finding a histogram's point by its tags, the
/// runtime's Activity for a root trace, FluentValidation's rules. Multiplied by how often an operation makes them (the
/// benchmarks' README counts them), they are the part of a figure that the rest of the pipeline cannot lower.
/// </summary>
[MemoryDiagnoser]
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet disposes benchmark state in [GlobalCleanup].")]
public class CallCostBenchmarks
{
    private readonly RecordNumber _command = new(123_456, OperationLoop.Number);
    private readonly NumberRecorded _event = new(123_456, OperationLoop.Number);
    private readonly TimeProvider _clock = TimeProvider.System;
    private TelemetryPipeline _pipeline = null!;
    private ServiceProvider _services = null!;
    private CqrsTelemetry _telemetry = null!;
    private MessageDescriptor<RecordNumber> _commandDescriptor = null!;
    private MessageDescriptor<NumberRecorded> _eventDescriptor = null!;
    private object _eventHandler = null!;
    private TransportMessage _delivery = null!;

    [GlobalSetup]
    public void Setup()
    {
        var settings = new BenchtestSettings();
        _pipeline = settings.CreateTelemetryPipeline();
        _services = BenchtestServices.Build(new OperationTracker(), settings);
        _telemetry = _services.GetRequiredService<CqrsTelemetry>();
        _services.GetRequiredService<ICommandBus>(); // its dispatcher binds the descriptors to their validators
        var catalog = _services.GetRequiredService<MessageCatalog>();
        _commandDescriptor = catalog.Find<RecordNumber>()!;
        _eventDescriptor = catalog.Find<NumberRecorded>()!;
        _eventHandler = _services.GetServices<IEventHandler<NumberRecorded>>().OfType<NumberRecordedFirstHandler>().Single();
        _delivery = new TransportMessage
        {
            MessageId = Guid.CreateVersion7(),
            CorrelationId = Guid.CreateVersion7(),
            WireName = _eventDescriptor.WireName,
            EnqueuedTime = DateTimeOffset.UtcNow,
        };
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _services.Dispose();
        _pipeline.Dispose();
    }

    [Benchmark(Description = "Clock read")]
    public long ClockRead() => _telemetry.StartTiming();

    [Benchmark(Description = "Message id and time stamped")]
    public Guid Stamped() => MessageIds.Next(_clock).MessageId;

    [Benchmark(Description = "Root trace decided (1% sampled)")]
    public ActivityContext RootTraceDecided()
    {
        CqrsTelemetry.SampleSend(_commandDescriptor.Telemetry, causeTrace: default, causeUnsampled: false, current: null, MessageRoute.InLine, out var trace);
        return trace;
    }

    [Benchmark(Description = "Lag recorded (one tag, with its clock read)")]
    public long LagRecorded() => _telemetry.RecordLag(_eventDescriptor.Telemetry, _delivery.EnqueuedTime);

    [Benchmark(Description = "Handler call recorded (counted, duration with two tags, with its clock read)")]
    public long HandlerCallRecorded() => _telemetry.RecordHandled(_eventDescriptor.Telemetry, _eventHandler, started: 1);

    [Benchmark(Description = "Command validated")]
    public bool CommandValidated() => IsValid(_commandDescriptor.ValidateAsync(_command, CancellationToken.None));

    [Benchmark(Description = "Event validated")]
    public bool EventValidated() => IsValid(_eventDescriptor.ValidateAsync(_event, CancellationToken.None));

    private static bool IsValid(ValueTask<List<ValidationFailure>?> validating) =>
        validating.IsCompletedSuccessfully
            ? validating.Result is null
            : throw new InvalidOperationException("The benchtest's validators have no asynchronous rule: validation completes at once.");
}
