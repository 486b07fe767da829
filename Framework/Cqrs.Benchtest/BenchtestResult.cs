using System.Text.Json;
using Cqrs.Benchtest.Sizing;

namespace Cqrs.Benchtest;

/// <summary>
/// The figures of one run, serialized as one JSON line by <see cref="ToJson"/> with exactly
/// these camelCase names, so that scripts can read them.
/// </summary>
public sealed record BenchtestResult
{
    /// <summary>The transport: <c>inprocess</c>.</summary>
    public required string Transport { get; init; }

    /// <summary>Tasks that sent commands.</summary>
    public required int Tasks { get; init; }

    /// <summary>Commands each task sent.</summary>
    public required int CommandsPerTask { get; init; }

    /// <summary>Operations measured and completed (a command and its event handled by both handlers).</summary>
    public required int Operations { get; init; }

    /// <summary>Length of the measured phase.</summary>
    public required double Seconds { get; init; }

    /// <summary>Operations per second.</summary>
    public required double OpsPerSecond { get; init; }

    /// <summary>Mean latency from just before sending the command to the last event handler, in µs.</summary>
    public required double LatencyMeanUs { get; init; }

    /// <summary>Median latency, in µs.</summary>
    public required double LatencyP50Us { get; init; }

    /// <summary>99th-percentile latency, in µs.</summary>
    public required double LatencyP99Us { get; init; }

    /// <summary>Bytes allocated by the whole process during the measured phase, per operation.</summary>
    public required double AllocatedBytesPerOp { get; init; }

    /// <summary>Garbage collections during the measured phase (of any generation: each collects gen0).</summary>
    public required int Gen0Collections { get; init; }

    /// <summary>Gen1 and gen2 collections during the measured phase.</summary>
    public required int Gen1Collections { get; init; }

    /// <summary>Gen2 collections during the measured phase.</summary>
    public required int Gen2Collections { get; init; }

    /// <summary>Time the process was paused for garbage collection during the measured phase, in ms.</summary>
    public required double GcPauseMs { get; init; }

    /// <summary>
    /// CPU time the whole process used during the measured phase (every thread, user and kernel; the local broker's
    /// too when it runs in the process), per operation, in µs: unlike ops/s, it holds steady when other processes
    /// share the cores.
    /// </summary>
    public required double CpuUsPerOp { get; init; }

    /// <summary>
    /// Processors the runtime saw at its start (<see cref="Environment.ProcessorCount"/>), which it sized its thread
    /// pool and GC for; with <see cref="Pinning"/> <c>after-start</c>, more than the affinity later allowed.
    /// </summary>
    public required int Cores { get; init; }

    /// <summary>How the process was pinned to its cores: <c>none</c>, <c>from-start</c> or <c>after-start</c>.</summary>
    public required string Pinning { get; init; }

    /// <summary>Whether traces and metrics were exported.</summary>
    public required bool Telemetry { get; init; }

    /// <summary>Share of traces sampled (0 when telemetry is off).</summary>
    public required double TraceSampling { get; init; }

    /// <summary>Spans exported at a time (0 when telemetry is off).</summary>
    public required int SpanExportBatch { get; init; }

    /// <summary>From before building the service provider to the first command→event round trip, on the process's first run, in ms.</summary>
    public required double StartupMs { get; init; }

    /// <summary>Time the JIT spent compiling during that start-up (on any thread), in ms.</summary>
    public required double StartupJitMs { get; init; }

    /// <summary>Methods the JIT compiled during that start-up: few when the app was published ReadyToRun.</summary>
    public required long StartupJittedMethods { get; init; }

    /// <summary>Length of the warm-up, in seconds.</summary>
    public required double WarmupSeconds { get; init; }

    /// <summary>
    /// Whether the warm-up ended because the JIT had settled (a round compiled little, and the runtime's tiering was
    /// idle throughout it), not at its cap or with none at all: when false, part of the measured phase may have run
    /// code not yet at its optimized tier.
    /// </summary>
    public required bool WarmupSettled { get; init; }

    /// <summary>
    /// The runtime's tiering delay in the process, in ms: how long it waits, after the last method called for the first
    /// time, before counting calls towards the optimized tier. 1,000 on one processor by default; 100 with
    /// <c>DOTNET_TC_DelaySingleProcMultiplier=1</c>, as the Bicep's app on B1 runs and <c>--cores 1</c> runs.
    /// </summary>
    public required int TieringDelayMs { get; init; }

    /// <summary>Price of the plan, in USD per hour.</summary>
    public required double PricePerHourUsd { get; init; }

    /// <summary>
    /// Operations one dollar buys: ops/s × 3600 / price per hour; for a Service Bus run on a local broker, one dollar
    /// over the plan's and the broker's cost per operation together.
    /// </summary>
    public required double OpsPerDollar { get; init; }

    /// <summary>The plan's share of an operation's cost: price per hour / (ops/s × 3600), in USD.</summary>
    public required double PlanCostPerOpUsd { get; init; }

    /// <summary>For a Service Bus run on a local broker: messages sent to the broker per operation (billed one each); else null.</summary>
    public double? BrokerSendsPerOp { get; init; }

    /// <summary>Deliveries from the broker per operation (each subscription's copy and each redelivery counts); else null.</summary>
    public double? BrokerReceivesPerOp { get; init; }

    /// <summary>Settlements (complete, abandon, dead-letter) per operation; else null.</summary>
    public double? BrokerSettlementsPerOp { get; init; }

    /// <summary>Every billable broker operation per operation (lock renewals and management requests too); else null.</summary>
    public double? BrokerOperationsPerOp { get; init; }

    /// <summary>The price of a million broker operations the broker's cost was figured at, in USD; else null.</summary>
    public double? BrokerPricePerMillionOpsUsd { get; init; }

    /// <summary>The broker's share of an operation's cost, in USD; else null.</summary>
    public double? BrokerCostPerOpUsd { get; init; }

    /// <summary>Whether handlers ran in the sender's call, with no serialization (direct dispatch).</summary>
    public required bool Direct { get; init; }

    /// <summary>Whether every message was validated at send (false only for direct dispatch without validation).</summary>
    public required bool Validated { get; init; }

    /// <summary>The offered rate in ops/s for an open-loop run; null for a closed-loop run.</summary>
    public double? OfferedRate { get; init; }

    /// <summary>Operations allowed under way at once (the bus's back-pressure limit).</summary>
    public required int MaxInFlight { get; init; }

    /// <summary>Spans exported during the measured phase.</summary>
    public required long SpansExported { get; init; }

    /// <summary>Where the command handler recorded its event: none, memory or sqlite.</summary>
    public required string Store { get; init; }

    /// <summary>True when each operation went through a saga (<c>--saga</c>).</summary>
    public required bool Saga { get; init; }

    /// <summary>Event deliveries beyond one per handler: must be 0 (nothing doubled).</summary>
    public required int DuplicateDeliveries { get; init; }

    /// <summary>For a Service Bus run on a local broker: the network delay each way it added, in ms; null otherwise.</summary>
    public double? BrokerNetworkDelayMs { get; init; }

    /// <summary>For a Service Bus run: <c>tuned</c> or <c>baseline</c> (one message at a time); null otherwise.</summary>
    public string? ServiceBusProfile { get; init; }

    /// <summary>
    /// Measured operations sent but never handled by every handler: those still unhandled once nothing had completed for
    /// the stall timeout (30 s). <see cref="Operations"/> counts only the handled ones.
    /// </summary>
    public required int Lost { get; init; }

    /// <summary>For a tuned Service Bus run measured beside its baseline: how many times the baseline's ops/s it reached.</summary>
    public double? SpeedupOverBaseline { get; init; }

    /// <summary>Runs of the same benchtest this result sums up, as their median run; null for a run alone.</summary>
    public int? Runs { get; init; }

    /// <summary>Over <see cref="Runs"/> runs: the spread of ops/s; null for a run alone.</summary>
    public FigureSpread? OpsPerSecondSpread { get; init; }

    /// <summary>Over <see cref="Runs"/> runs: the spread of CPU time per operation; null for a run alone.</summary>
    public FigureSpread? CpuUsPerOpSpread { get; init; }

    /// <summary>Over <see cref="Runs"/> runs: the spread of the 99th-percentile latency; null for a run alone.</summary>
    public FigureSpread? LatencyP99UsSpread { get; init; }

    /// <summary>Over <see cref="Runs"/> runs: the spread of bytes allocated per operation; null for a run alone.</summary>
    public FigureSpread? AllocatedBytesPerOpSpread { get; init; }

    /// <summary>
    /// For each of the settings' <see cref="BenchtestSettings.TargetRates"/>: what that rate needs, from this run's CPU
    /// time and broker operations per operation (estimated from its messages when it had no local broker); null when
    /// none were asked for. An in-process run's CPU time has no transport in it, and a Service Bus run's has its local
    /// broker's in it: a consumer process's alone (<c>--consumers</c>) is the app's.
    /// </summary>
    public IReadOnlyList<SizingEstimate>? Sizing { get; init; }

    /// <summary>The result as one line of JSON.</summary>
    public string ToJson() => JsonSerializer.Serialize(this, BenchtestJsonContext.Default.BenchtestResult);
}
