using Cqrs.Benchtest.Sizing;
using Cqrs.Benchtest.Telemetry;

namespace Cqrs.Benchtest;

/// <summary>What one benchtest run does. The defaults make a short run.</summary>
public sealed record BenchtestSettings
{
    /// <summary>The B1 Windows plan's price, in USD per hour (<see cref="PriceList"/>).</summary>
    public const double B1WindowsPricePerHourUsd = PriceList.B1WindowsPerHourUsd;

    /// <summary>
    /// Service Bus Standard's price per million operations past the 13 million a month its base charge includes, in
    /// USD (the tier up to 100 million a month; larger volumes cost less; <see cref="PriceList"/>).
    /// </summary>
    public const double ServiceBusStandardPricePerMillionOperationsUsd = PriceList.ServiceBusStandardPerMillionOperationsUsd;

    /// <summary>OpenTelemetry's default for how many spans its batch processor exports at a time.</summary>
    public const int DefaultSpanExportBatch = 512;

    /// <summary>The most spans the batch processor queues (OpenTelemetry's default); a batch cannot be larger.</summary>
    public const int SpanExportQueue = 2048;

    /// <summary>Tasks sending commands at once.</summary>
    public int Tasks { get; init; } = 8;

    /// <summary>Commands each task sends; one command and its event make one operation.</summary>
    public int CommandsPerTask { get; init; } = 50_000;

    /// <summary>
    /// Operations in one warm-up round, run before measuring with the same load so that code is jitted and pools
    /// are warm (capped at the measured count). Rounds repeat until one leaves the JIT settled: at most ten, and
    /// none starts after 10 s of warm-up.
    /// </summary>
    public int WarmupOperations { get; init; } = 100_000;

    /// <summary>Export traces and metrics through OpenTelemetry; off means no listener at all.</summary>
    public bool Telemetry { get; init; } = true;

    /// <summary>Share of traces sampled (0..1) when <see cref="Telemetry"/> is on.</summary>
    public double TraceSampling { get; init; } = 0.01;

    /// <summary>
    /// Spans exported at a time when <see cref="Telemetry"/> is on. Sampled spans wait in the queue until a batch
    /// fills (or 5 s pass): the larger the batch, the more of them live long enough to be promoted to gen1 and gen2.
    /// </summary>
    public int SpanExportBatch { get; init; } = DefaultSpanExportBatch;

    /// <summary>Handlers run in the sender's call, with no serialization (<see cref="CqrsOptions.DirectDispatch"/>).</summary>
    public bool Direct { get; init; }

    /// <summary>Whether direct dispatch validates at send (<see cref="CqrsOptions.ValidateInDirectDispatch"/>); the other modes always do.</summary>
    public bool DirectValidation { get; init; } = true;

    /// <summary>
    /// Open loop: operations offered per second by one timer-paced sender (<see cref="Operations"/> of them in all).
    /// Null: closed loop, each task sending as fast as the bus accepts.
    /// </summary>
    public double? OfferedRate { get; init; }

    /// <summary>In-process workers (<see cref="InProcessOptions.Concurrency"/>); null keeps the framework's default.</summary>
    public int? Concurrency { get; init; }

    /// <summary>How the host pinned this process to its cores, reported with the result: the engine pins nothing itself.</summary>
    public BenchtestPinning Pinning { get; init; } = BenchtestPinning.None;

    /// <summary>Operations under way at once (<see cref="InProcessOptions.MaxInFlight"/>); null keeps the framework's default.</summary>
    public int? MaxInFlight { get; init; }

    /// <summary>What carries the messages.</summary>
    public BenchtestTransport Transport { get; init; } = BenchtestTransport.InProcess;

    /// <summary>A Service Bus namespace's connection string; null starts a local broker for the run.</summary>
    public string? ServiceBusConnectionString { get; init; }

    /// <summary>
    /// The local broker's network delay each way (<see cref="Cqrs.ServiceBus.LocalBroker.LocalServiceBusBrokerOptions.NetworkDelay"/>):
    /// zero runs at loopback's speed, where a round trip costs CPU time; a millisecond or two stands for the network to
    /// a namespace in the app's region, where it costs waiting.
    /// </summary>
    public TimeSpan BrokerNetworkDelay { get; init; }

    /// <summary>How the Service Bus transport is tuned.</summary>
    public ServiceBusProfile ServiceBusProfile { get; init; } = ServiceBusProfile.Tuned;

    /// <summary>Where the command handler records its event: nowhere (published at once), or an event store whose outbox publishes it.</summary>
    public BenchtestStore Store { get; init; } = BenchtestStore.None;

    /// <summary>
    /// Each operation goes through a saga in <see cref="Store"/> (which must be memory or sqlite): the command's handler
    /// sends a command that starts one, which publishes an event that advances and completes it, which publishes the
    /// operation's event.
    /// </summary>
    public bool Saga { get; init; }

    /// <summary>Price of the plan the run stands for, in USD per hour.</summary>
    public double PricePerHourUsd { get; init; } = B1WindowsPricePerHourUsd;

    /// <summary>
    /// Price of a million broker operations, in USD, for a Service Bus run on a local broker: its operations per
    /// operation, at this price, join the plan's cost in the ops per dollar.
    /// </summary>
    public double BrokerPricePerMillionOperationsUsd { get; init; } = ServiceBusStandardPricePerMillionOperationsUsd;

    /// <summary>
    /// Rates, in operations a second, to size an app for from the run's figures (<see cref="BenchtestResult.Sizing"/>):
    /// instances of each plan and the Service Bus tier, with their monthly prices. Empty: none.
    /// </summary>
    public IReadOnlyList<double> TargetRates { get; init; } = [];

    /// <summary>Operations measured: <see cref="Tasks"/> × <see cref="CommandsPerTask"/>.</summary>
    public int Operations => checked(Tasks * CommandsPerTask);

    /// <summary>Throws when a setting is out of range.</summary>
    /// <exception cref="ArgumentException">Says which setting and why.</exception>
    public void Validate()
    {
        Require(Tasks >= 1, nameof(Tasks), "must be at least 1");
        Require(CommandsPerTask >= 1, nameof(CommandsPerTask), "must be at least 1");
        Require((long)Tasks * CommandsPerTask <= Array.MaxLength, nameof(CommandsPerTask), "makes too many operations for one run");
        Require(WarmupOperations >= 0, nameof(WarmupOperations), "must not be negative");
        Require(TraceSampling is >= 0 and <= 1, nameof(TraceSampling), "must be between 0 and 1");
        Require(SpanExportBatch is >= 1 and <= SpanExportQueue, nameof(SpanExportBatch), $"must be between 1 and {SpanExportQueue}");
        Require(OfferedRate is null or > 0, nameof(OfferedRate), "must be positive");
        Require(Concurrency is null or >= 1, nameof(Concurrency), "must be at least 1");
        Require(MaxInFlight is null or >= 1, nameof(MaxInFlight), "must be at least 1");
        Require(Enum.IsDefined(Store), nameof(Store), "must be none, memory or sqlite");
        Require(!Saga || Store != BenchtestStore.None, nameof(Saga), "needs a store: memory or sqlite");
        Require(Enum.IsDefined(Pinning), nameof(Pinning), "must be none, from the start or after the start");
        Require(Transport == BenchtestTransport.InProcess || !Direct, nameof(Direct), "works only with the in-process transport");
        Require(BrokerNetworkDelay >= TimeSpan.Zero, nameof(BrokerNetworkDelay), "must not be negative");
        Require(BrokerNetworkDelay == TimeSpan.Zero || (Transport == BenchtestTransport.ServiceBus && ServiceBusConnectionString is null),
            nameof(BrokerNetworkDelay), "applies only to the local broker of a Service Bus run");
        Require(PricePerHourUsd > 0, nameof(PricePerHourUsd), "must be positive");
        Require(BrokerPricePerMillionOperationsUsd >= 0, nameof(BrokerPricePerMillionOperationsUsd), "must not be negative");
        Require(TargetRates.All(rate => rate > 0 && double.IsFinite(rate)), nameof(TargetRates), "must each be a positive number");
    }

    /// <summary>The telemetry pipeline these settings ask for: their trace sampling and span export batch.</summary>
    internal TelemetryPipeline CreateTelemetryPipeline() => new(TraceSampling, SpanExportQueue, SpanExportBatch);

    private static void Require(bool condition, string setting, string rule)
    {
        if (!condition)
        {
            throw new ArgumentException($"{setting} {rule}.", setting);
        }
    }
}
