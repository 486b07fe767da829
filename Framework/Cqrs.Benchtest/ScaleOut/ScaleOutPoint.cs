using System.Text.Json;
using Cqrs.Benchtest.Sizing;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// The figures of one level of a scale-out run: N consumer processes against one local broker in a process of its
/// own, fed by a sender process; serialized as one JSON line by <see cref="ToJson"/>, camelCase.
/// </summary>
internal sealed record ScaleOutPoint
{
    /// <summary>Consumer processes, each a runtime of its own pinned to <see cref="CoresPerConsumer"/> processors from its start.</summary>
    public required int Consumers { get; init; }

    /// <summary>Processors each consumer runs on (as a plan with that many cores gives).</summary>
    public required int CoresPerConsumer { get; init; }

    /// <summary>Processors of the machine the run shared between the consumers, the broker and the sender.</summary>
    public required int MachineProcessors { get; init; }

    /// <summary>The sender's tasks, each sending its commands as fast as the broker accepts them.</summary>
    public required int Tasks { get; init; }

    /// <summary>Commands each task sent in the measured phase.</summary>
    public required int CommandsPerTask { get; init; }

    /// <summary>Operations sent, handled and checked before the measured phase (the JIT's warm-up), spread over the consumers.</summary>
    public required int WarmupOperations { get; init; }

    /// <summary>Measured operations completed: a command and its event handled by both handlers.</summary>
    public required int Operations { get; init; }

    /// <summary>From the measured phase's first send to its last operation completed, in any consumer.</summary>
    public required double Seconds { get; init; }

    /// <summary>Operations per second.</summary>
    public required double OpsPerSecond { get; init; }

    /// <summary>This level's ops/s over the one-consumer level's in the same run; null when the run has no such level.</summary>
    public double? SpeedupOverOneConsumer { get; init; }

    /// <summary>CPU time of every consumer process in the measured phase, summed, per operation, in µs.</summary>
    public required double ConsumerCpuUsPerOp { get; init; }

    /// <summary>Each consumer's CPU time per operation of the run, in µs, in the consumers' order.</summary>
    public required IReadOnlyList<double> ConsumerCpuUsPerOpEach { get; init; }

    /// <summary>The consumers' CPU time over the phase's length: processors kept busy, at most <see cref="Consumers"/> × <see cref="CoresPerConsumer"/>.</summary>
    public required double ConsumerBusyCores { get; init; }

    /// <summary>The broker process's CPU time per operation, in µs (its network delay relay included).</summary>
    public required double BrokerCpuUsPerOp { get; init; }

    /// <summary>The broker process's CPU time over the phase's length: processors it kept busy.</summary>
    public required double BrokerBusyCores { get; init; }

    /// <summary>The sender process's CPU time per operation, in µs.</summary>
    public required double SenderCpuUsPerOp { get; init; }

    /// <summary>The sender process's CPU time over the phase's length.</summary>
    public required double SenderBusyCores { get; init; }

    /// <summary>Every billable broker operation per operation, as Service Bus counts them.</summary>
    public required double BrokerOperationsPerOp { get; init; }

    /// <summary>Messages sent to the broker per operation.</summary>
    public required double BrokerSendsPerOp { get; init; }

    /// <summary>Deliveries per operation.</summary>
    public required double BrokerReceivesPerOp { get; init; }

    /// <summary>Settlements per operation.</summary>
    public required double BrokerSettlementsPerOp { get; init; }

    /// <summary>Optimistic-concurrency conflicts: 0, as this workload has no shared aggregate store.</summary>
    public required int Conflicts { get; init; }

    /// <summary>Measured operations sent whose event handlers did not all run in any consumer.</summary>
    public required int Lost { get; init; }

    /// <summary>Event handler runs beyond one per handler and operation, over every consumer.</summary>
    public required int Duplicates { get; init; }

    /// <summary>Measured operations each consumer completed, in the consumers' order: how the broker shared the work.</summary>
    public required IReadOnlyList<int> CompletedPerConsumer { get; init; }

    /// <summary>The broker's network delay each way, in ms (0: bare loopback).</summary>
    public required double BrokerNetworkDelayMs { get; init; }

    /// <summary>The machine's one-minute load average when the level started (Linux); null elsewhere.</summary>
    public double? LoadAverage { get; init; }

    /// <summary>
    /// For each target rate asked for: what it needs, from the consumers' CPU time per operation (an instance's, as an
    /// app's) and the broker operations per operation; null when none were asked for.
    /// </summary>
    public IReadOnlyList<SizingEstimate>? Sizing { get; init; }

    /// <summary>The point as one line of JSON.</summary>
    public string ToJson() => JsonSerializer.Serialize(this, ScaleOutJsonContext.Default.ScaleOutPoint);
}
