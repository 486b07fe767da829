using System.Runtime;
using Cqrs.Benchtest.Messages;
using Cqrs.Benchtest.Telemetry;
using Cqrs.ServiceBus.LocalBroker;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Cqrs.Benchtest;

/// <summary>
/// Runs the benchtest in this process: builds a container, makes a first round trip (the
/// start-up figure), warms up, then measures. Keep one runner per process: its first run's start-up time,
/// the cold one, is the one every result reports. Runs one benchtest at a time; not thread-safe.
/// </summary>
public sealed class BenchtestRunner
{
    /// <summary>
    /// A warm-up round that compiles fewer methods than this leaves the hot path tiered up: a round in which the
    /// hot path tiers up compiles hundreds, while timers, progress output and the thread pool's hill climbing go
    /// on compiling a few dozen per round.
    /// </summary>
    private const int SettledCompilations = 64;

    private const int MaxWarmupRounds = 60;

    /// <summary>
    /// No round starts after this much warm-up: by then the hot path has had time to tier up, even on one processor,
    /// where the runtime's tiering delay is ten times as long and restarts under load at every method called the first
    /// time; and at a low offered rate one round alone may take long.
    /// </summary>
    private static readonly TimeSpan WarmupTimeForMoreRounds = TimeSpan.FromSeconds(60);

    private StartupFigures? _firstStartup;

    /// <summary>Runs one benchtest and returns its figures.</summary>
    /// <exception cref="ArgumentException">A setting is out of range.</exception>
    /// <exception cref="TimeoutException">
    /// Operations stopped completing before every command was sent, or in the warm-up. Measured operations never handled
    /// are reported as <see cref="BenchtestResult.Lost"/>.
    /// </exception>
    public async Task<BenchtestResult> RunAsync(
        BenchtestSettings settings, IProgress<BenchtestProgress>? progress = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(settings);
        settings.Validate();
        var broker = await BenchtestBroker.StartIfNeededAsync(settings, cancellationToken).ConfigureAwait(false);
        try
        {
            return await RunOnAsync(settings, broker, progress, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            if (broker is not null)
            {
                await broker.DisposeAsync().ConfigureAwait(false);
            }
        }
    }

    private async Task<BenchtestResult> RunOnAsync(
        BenchtestSettings settings, LocalServiceBusBroker? broker, IProgress<BenchtestProgress>? progress, CancellationToken cancellationToken)
    {
        // Listening before the container is built, the end of the tiering delay that its building starts is heard.
        TieringWatch.Start();
        using var telemetry = settings.Telemetry ? settings.CreateTelemetryPipeline() : null;
        var tracker = new OperationTracker();
        var startupStarted = TimeProvider.System.GetTimestamp();
        var jitBeforeStartup = JitActivity.Now();
        var services = BenchtestServices.Build(tracker, settings, broker?.ConnectionString);
        await using (services.ConfigureAwait(false))
        {
            var bus = services.GetRequiredService<ICommandBus>();
            await RunFirstRoundTripAsync(bus, tracker, cancellationToken).ConfigureAwait(false);
            _firstStartup ??= new StartupFigures(TimeProvider.System.GetElapsedTime(startupStarted).TotalMilliseconds, JitActivity.Now() - jitBeforeStartup);

            var load = new CommandLoad(bus, tracker);
            var warmup = await WarmUpAsync(settings, load, tracker, progress, cancellationToken).ConfigureAwait(false);
            var meter = broker is null ? null : new BrokerMeter(broker);
            var measured = await MeasureAsync(settings, load, tracker, telemetry, meter, progress, cancellationToken).ConfigureAwait(false);
            var options = services.GetRequiredService<IOptions<CqrsOptions>>().Value;
            var transport = services.GetRequiredService<Cqrs.Transports.ITransport>().Name;
            return Describe(settings, options, transport, measured, warmup, LatencySummary.SortAndSummarize(tracker.LatencyTicks), _firstStartup.Value) with
            {
                BrokerNetworkDelayMs = broker?.NetworkDelay.TotalMilliseconds,
            };
        }
    }

    /// <summary>The start-up figure's round trip, through as little of the benchtest's own code as can be.</summary>
    private static async Task RunFirstRoundTripAsync(ICommandBus bus, OperationTracker tracker, CancellationToken cancellationToken)
    {
        tracker.Prepare(1);
        tracker.Started(0);
        await bus.SendAsync(new RecordNumber(0, 0), cancellationToken).ConfigureAwait(false);
        await tracker.WhenAllDone().AsTask().WaitAsync(PhaseMonitor.StallTimeout, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Runs the measured phase's load, shortened, in rounds until the JIT has settled (a round compiled little, and the
    /// runtime's tiering was idle throughout it): the same senders, pace and code paths get warm. One round can end
    /// before the runtime has recompiled the hot path at its optimized tier; that recompilation then runs inside the
    /// measured phase, on the same core, and stalls it. A round in the tiering delay compiles little only because
    /// nothing is being counted towards the optimized tier, which on one processor can last most of the warm-up.
    /// </summary>
    private static async Task<WarmupOutcome> WarmUpAsync(
        BenchtestSettings settings,
        CommandLoad load,
        OperationTracker tracker,
        IProgress<BenchtestProgress>? progress,
        CancellationToken cancellationToken)
    {
        var perTask = Math.Min(settings.WarmupOperations, settings.Operations) / settings.Tasks;
        if (perTask == 0)
        {
            return new WarmupOutcome(TimeSpan.Zero, Settled: false);
        }

        var warmup = settings with { CommandsPerTask = perTask };
        var tiering = TieringWatch.Start();
        var started = TimeProvider.System.GetTimestamp();
        for (var round = 1; ; round++)
        {
            var compiledBefore = JitInfo.GetCompiledMethodCount();
            var tieringBefore = tiering.Now();
            tracker.Prepare(warmup.Operations);
            var outcome = await new PhaseMonitor(tracker, BenchtestPhase.Warmup, warmup.Operations, progress)
                .RunAsync(() => Send(warmup, load, cancellationToken), cancellationToken)
                .ConfigureAwait(false);
            if (outcome.Completed < warmup.Operations)
            {
                // Late deliveries of the warm-up's operations would be counted in the measured phase.
                throw new TimeoutException($"Warm-up: {warmup.Operations - outcome.Completed:N0} of {warmup.Operations:N0} operations were never handled.");
            }

            var settled = JitInfo.GetCompiledMethodCount() - compiledBefore < SettledCompilations && tieringBefore.IdleUntil(tiering.Now());
            var elapsed = TimeProvider.System.GetElapsedTime(started);
            if (settled || round == MaxWarmupRounds || elapsed >= WarmupTimeForMoreRounds)
            {
                return new WarmupOutcome(elapsed, settled);
            }
        }
    }

    private static async Task<MeasuredPhase> MeasureAsync(
        BenchtestSettings settings,
        CommandLoad load,
        OperationTracker tracker,
        TelemetryPipeline? telemetry,
        BrokerMeter? meter,
        IProgress<BenchtestProgress>? progress,
        CancellationToken cancellationToken)
    {
        if (meter is not null)
        {
            await meter.StartAsync(cancellationToken).ConfigureAwait(false);
        }

        tracker.Prepare(settings.Operations);
        telemetry?.Flush();
        var spansBefore = telemetry?.SpansExported ?? 0;
        GC.Collect();
        GC.WaitForPendingFinalizers();
        var allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
        var collectionsBefore = GcCollections.Now();
        var cpuBefore = Environment.CpuUsage.TotalTime;

        var outcome = await new PhaseMonitor(tracker, BenchtestPhase.Measuring, settings.Operations, progress)
            .RunAsync(() => Send(settings, load, cancellationToken), cancellationToken)
            .ConfigureAwait(false);

        var allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
        var collections = GcCollections.Now() - collectionsBefore;
        var cpu = Environment.CpuUsage.TotalTime - cpuBefore;
        telemetry?.Flush();
        BrokerOperations? brokerOperations = meter is null ? null : await meter.StopAsync(cancellationToken).ConfigureAwait(false);
        return new MeasuredPhase(outcome, allocated, collections, cpu, (telemetry?.SpansExported ?? 0) - spansBefore, tracker.Duplicates, brokerOperations);
    }

    private static Task Send(BenchtestSettings settings, CommandLoad load, CancellationToken cancellationToken) =>
        settings.OfferedRate is { } rate
            ? load.SendAtRateAsync(settings.Operations, rate, cancellationToken)
            : load.SendAsFastAsAcceptedAsync(settings.Tasks, settings.CommandsPerTask, cancellationToken);

    private static BenchtestResult Describe(
        BenchtestSettings settings, CqrsOptions options, string transport, MeasuredPhase measured, WarmupOutcome warmup, LatencySummary latency, StartupFigures startup)
    {
        var seconds = measured.Outcome.Elapsed.TotalSeconds;
        var completed = measured.Outcome.Completed;
        var opsPerSecond = seconds > 0 ? completed / seconds : 0;
        var costs = OperationCosts.Of(settings, completed, opsPerSecond, measured.BrokerOperations);
        var cpuUsPerOp = measured.Cpu.TotalMicroseconds / Math.Max(1, completed);
        return new BenchtestResult
        {
            Transport = transport,
            ServiceBusProfile = settings.Transport == BenchtestTransport.ServiceBus ? settings.ServiceBusProfile.ToString().ToLowerInvariant() : null,
            Lost = settings.Operations - completed,
            Tasks = settings.Tasks,
            CommandsPerTask = settings.CommandsPerTask,
            Operations = completed,
            Seconds = seconds,
            OpsPerSecond = opsPerSecond,
            LatencyMeanUs = latency.MeanUs,
            LatencyP50Us = latency.P50Us,
            LatencyP99Us = latency.P99Us,
            AllocatedBytesPerOp = (double)measured.AllocatedBytes / Math.Max(1, completed),
            Gen0Collections = measured.Collections.Gen0,
            Gen1Collections = measured.Collections.Gen1,
            Gen2Collections = measured.Collections.Gen2,
            GcPauseMs = measured.Collections.Paused.TotalMilliseconds,
            CpuUsPerOp = cpuUsPerOp,
            Cores = Environment.ProcessorCount,
            Pinning = Describe(settings.Pinning),
            Telemetry = settings.Telemetry,
            TraceSampling = settings.Telemetry ? settings.TraceSampling : 0,
            SpanExportBatch = settings.Telemetry ? settings.SpanExportBatch : 0,
            StartupMs = startup.Ms,
            StartupJitMs = startup.Jit.Time.TotalMilliseconds,
            StartupJittedMethods = startup.Jit.Methods,
            WarmupSeconds = warmup.Elapsed.TotalSeconds,
            WarmupSettled = warmup.Settled,
            TieringDelayMs = TieringWatch.DelayMs,
            PricePerHourUsd = settings.PricePerHourUsd,
            OpsPerDollar = costs.OpsPerDollar,
            PlanCostPerOpUsd = costs.PlanPerOpUsd,
            BrokerSendsPerOp = costs.Broker?.Sends,
            BrokerReceivesPerOp = costs.Broker?.Receives,
            BrokerSettlementsPerOp = costs.Broker?.Settlements,
            BrokerOperationsPerOp = costs.Broker?.Total,
            BrokerPricePerMillionOpsUsd = costs.Broker is null ? null : settings.BrokerPricePerMillionOperationsUsd,
            BrokerCostPerOpUsd = costs.BrokerPerOpUsd,
            Direct = settings.Direct,
            Validated = !settings.Direct || settings.DirectValidation,
            OfferedRate = settings.OfferedRate,
            MaxInFlight = options.InProcess.MaxInFlight,
            SpansExported = measured.SpansExported,
            Store = settings.Store.ToString().ToLowerInvariant(),
            Saga = settings.Saga,
            DuplicateDeliveries = measured.Duplicates,
            Sizing = WorkloadSizing.For(settings.TargetRates, cpuUsPerOp, costs.Broker?.Total, settings.Operations),
        };
    }

    /// <summary>How long the warm-up took, and whether it ended because the JIT had settled.</summary>
    private readonly record struct WarmupOutcome(TimeSpan Elapsed, bool Settled);

    private static string Describe(BenchtestPinning pinning) => pinning switch
    {
        BenchtestPinning.FromStart => "from-start",
        BenchtestPinning.AfterStart => "after-start",
        _ => "none",
    };

    /// <summary>The process's first start-up: its length, and what the JIT compiled meanwhile.</summary>
    private readonly record struct StartupFigures(double Ms, JitActivity Jit);

    private readonly record struct MeasuredPhase(
        PhaseOutcome Outcome, long AllocatedBytes, GcCollections Collections, TimeSpan Cpu, long SpansExported, int Duplicates, BrokerOperations? BrokerOperations);
}
