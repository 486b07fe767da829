using System.Globalization;
using Cqrs.Benchtest;

namespace Cqrs.Benchmarks.Cli;

/// <summary>The benchtest's command line, parsed and checked (see <see cref="HelpText"/>).</summary>
internal sealed record BenchtestCommandLine
{
    public const string DefaultChartPath = "benchtest-sweep.svg";

    public BenchtestSettings Settings { get; private init; } = new();

    public bool ShowHelp { get; private init; }

    public int? Cores { get; private init; }

    /// <summary>How <see cref="Cores"/> is applied: from the process's start (a pinned child) unless asked otherwise.</summary>
    public BenchtestPinning Pinning { get; private init; } = BenchtestPinning.FromStart;

    public bool Sweep { get; private init; }

    public IReadOnlyList<int> SweepLevels { get; private init; } = ConcurrencySweep.DefaultLevels;

    /// <summary>Where the chart goes; null: the default of the mode (<see cref="DefaultChartPath"/> for a sweep).</summary>
    public string? ChartPath { get; private init; }

    /// <summary>
    /// Counts of consumer processes to measure, each against one broker process with a sender process of its own
    /// (<c>--consumers</c>); null: the benchtest runs in this process.
    /// </summary>
    public IReadOnlyList<int>? ConsumerLevels { get; private init; }

    /// <summary>Times to kill a consumer in an instance churn run (<c>--churn</c>); null: no churn run.</summary>
    public int? ChurnKills { get; private init; }

    /// <summary>Whether a churn run's handlers work through one inbox the consumers share (<c>--inbox</c>).</summary>
    public bool ChurnInbox { get; private init; }

    /// <summary>Whether a churn run's commands carry ordering keys, on session entities (<c>--ordering</c>).</summary>
    public bool ChurnOrdering { get; private init; }

    /// <summary>The seed of a churn run's kill points and victims (<c>--seed</c>); null: a random one, reported.</summary>
    public int? Seed { get; private init; }

    public bool CompareSampling { get; private init; }

    /// <summary>Runs of the same benchtest in this invocation, each with its own warm-up (1: a run alone).</summary>
    public int Repeat { get; private init; } = 1;

    /// <exception cref="UsageException">An unknown option, a missing or bad value, or options that do not combine.</exception>
    public static BenchtestCommandLine Parse(IReadOnlyList<string> args)
    {
        var parsed = new BenchtestCommandLine();
        var given = new HashSet<string>(StringComparer.Ordinal);
        for (var index = 0; index < args.Count; index++)
        {
            var option = args[index];
            if (!given.Add(option))
            {
                throw new UsageException($"{option} is given twice.");
            }

            string Value() => index + 1 < args.Count ? args[++index] : throw new UsageException($"{option} needs a value.");
            parsed = option switch
            {
                "--help" or "-h" => parsed with { ShowHelp = true },
                "--tasks" => parsed.With(settings => settings with { Tasks = Positive(option, Value()) }),
                "--commands" => parsed.With(settings => settings with { CommandsPerTask = Positive(option, Value()) }),
                "--warmup" => parsed.With(settings => settings with { WarmupOperations = NonNegative(option, Value()) }),
                "--in-flight" => parsed.With(settings => settings with { MaxInFlight = Positive(option, Value()) }),
                "--workers" => parsed.With(settings => settings with { Concurrency = Positive(option, Value()) }),
                "--telemetry" => parsed.With(settings => settings with { Telemetry = OnOff(option, Value()) }),
                "--sampling" => parsed.With(settings => settings with { TraceSampling = Fraction(option, Value()) }),
                "--export-batch" => parsed.With(settings => settings with { SpanExportBatch = UpTo(BenchtestSettings.SpanExportQueue, option, Value()) }),
                "--direct" => parsed.With(settings => settings with { Direct = true }),
                "--direct-validation" => parsed.With(settings => settings with { DirectValidation = OnOff(option, Value()) }),
                "--store" => parsed.With(settings => settings with { Store = Store(option, Value()) }),
                "--saga" => parsed.With(settings => settings with { Saga = true }),
                "--transport" => parsed.With(settings => settings with { Transport = Transport(option, Value()) }),
                "--connection-string" => parsed.With(settings => settings with { ServiceBusConnectionString = Value() }),
                "--network-delay" => parsed.With(settings => settings with { BrokerNetworkDelay = TimeSpan.FromMilliseconds(NonNegativeNumber(option, Value())) }),
                "--rate" => parsed.With(settings => settings with { OfferedRate = PositiveNumber(option, Value()) }),
                "--price" => parsed.With(settings => settings with { PricePerHourUsd = PositiveNumber(option, Value()) }),
                "--target-rate" => parsed.With(settings => settings with { TargetRates = Rates(option, Value()) }),
                "--cores" => parsed with { Cores = Positive(option, Value()) },
                "--pinning" => parsed with { Pinning = PinningMode(option, Value()) },
                "--sweep" => parsed with { Sweep = true },
                "--levels" => parsed with { SweepLevels = Levels(option, Value()) },
                "--consumers" => parsed with { ConsumerLevels = Levels(option, Value()) },
                "--churn" => parsed with { ChurnKills = Positive(option, Value()) },
                "--seed" => parsed with { Seed = NonNegative(option, Value()) },
                "--inbox" => parsed with { ChurnInbox = true },
                "--ordering" => parsed with { ChurnOrdering = true },
                "--chart" => parsed with { ChartPath = Value() },
                "--compare-sampling" => parsed with { CompareSampling = true },
                "--repeat" => parsed with { Repeat = Positive(option, Value()) },
                _ => throw new UsageException($"Unknown option '{option}'."),
            };
        }

        parsed.ThrowIfContradictory(given);
        return parsed.WithServiceBusDefaults(given);
    }

    /// <summary>A broker round trip costs far more than an in-process hop: Service Bus runs default to fewer operations.</summary>
    private BenchtestCommandLine WithServiceBusDefaults(HashSet<string> given) =>
        Settings.Transport != BenchtestTransport.ServiceBus
            ? this
            : With(settings => settings with
            {
                CommandsPerTask = given.Contains("--commands") ? settings.CommandsPerTask : 2_500,
                WarmupOperations = given.Contains("--warmup") ? settings.WarmupOperations : 4_000,
            });

    private BenchtestCommandLine With(Func<BenchtestSettings, BenchtestSettings> change) => this with { Settings = change(Settings) };

    private void ThrowIfContradictory(HashSet<string> given)
    {
        Refuse(Sweep && CompareSampling, "--sweep and --compare-sampling do not combine.");
        Refuse(Sweep && Settings.OfferedRate is not null, "--sweep runs closed loops; drop --rate.");
        Refuse(Sweep && given.Contains("--in-flight"), "--sweep sets the in-flight limit to each level; drop --in-flight.");
        Refuse(!Sweep && given.Contains("--levels"), "--levels goes with --sweep.");
        Refuse(!Sweep && ConsumerLevels is null && given.Contains("--chart"), "--chart goes with --sweep or --consumers.");
        Refuse(CompareSampling && !Settings.Telemetry, "--compare-sampling needs telemetry on.");
        Refuse(given.Contains("--sampling") && !Settings.Telemetry, "--sampling needs telemetry on.");
        Refuse(given.Contains("--export-batch") && !Settings.Telemetry, "--export-batch needs telemetry on.");
        Refuse(Settings.Transport == BenchtestTransport.ServiceBus && Settings.Direct, "--direct works only with the in-process transport.");
        Refuse(Settings.Transport == BenchtestTransport.ServiceBus && Sweep, "--sweep runs the in-process transport only.");
        Refuse(given.Contains("--connection-string") && Settings.Transport != BenchtestTransport.ServiceBus, "--connection-string goes with --transport servicebus.");
        Refuse(given.Contains("--network-delay") && (Settings.Transport != BenchtestTransport.ServiceBus || given.Contains("--connection-string")),
            "--network-delay is the local broker's: it goes with --transport servicebus and no --connection-string.");
        Refuse(Cores is not null && given.Contains("--workers"), "--cores sets the workers to the cores; drop --workers.");
        Refuse(given.Contains("--repeat") && (Sweep || CompareSampling || Settings.Transport == BenchtestTransport.ServiceBus),
            "--repeat runs one in-process benchtest again; drop --sweep, --compare-sampling or --transport servicebus.");
        Refuse(given.Contains("--pinning") && Cores is null, "--pinning goes with --cores.");
        Refuse(ConsumerLevels is not null && Settings.Transport != BenchtestTransport.ServiceBus, "--consumers goes with --transport servicebus.");
        Refuse(ChurnKills is not null && Settings.Transport != BenchtestTransport.ServiceBus, "--churn goes with --transport servicebus.");
        Refuse(ChurnKills is not null && (ConsumerLevels is not null || Cores is not null || given.Contains("--chart") || given.Contains("--target-rate")),
            "--churn runs two unpinned consumers and measures nothing: drop --consumers, --cores, --chart and --target-rate.");
        Refuse(Seed is not null && ChurnKills is null, "--seed goes with --churn.");
        Refuse(ChurnInbox && ChurnKills is null, "--inbox goes with --churn.");
        Refuse(ChurnOrdering && ChurnKills is null, "--ordering goes with --churn.");
        Refuse((ConsumerLevels is not null || ChurnKills is not null) && (given.Contains("--connection-string") || given.Contains("--rate") || Settings.Store != BenchtestStore.None || Settings.Saga || given.Contains("--pinning")),
            "--consumers and --churn run their own broker, closed loop, with no store: drop --connection-string, --rate, --store, --saga and --pinning.");
        Refuse(Cores > Environment.ProcessorCount, $"--cores must be at most {Environment.ProcessorCount}, the cores of this machine.");
        Refuse((long)Settings.Tasks * Settings.CommandsPerTask > Array.MaxLength, "--tasks × --commands is too many operations for one run.");
    }

    private static void Refuse(bool contradiction, string message)
    {
        if (contradiction)
        {
            throw new UsageException(message);
        }
    }

    private static int Positive(string option, string value) =>
        int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var number) && number > 0
            ? number
            : throw new UsageException($"{option} needs a whole number of at least 1, not '{value}'.");

    private static int UpTo(int most, string option, string value) =>
        int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var number) && number >= 1 && number <= most
            ? number
            : throw new UsageException($"{option} needs a whole number from 1 to {most}, not '{value}'.");

    private static int NonNegative(string option, string value) =>
        int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var number)
            ? number
            : throw new UsageException($"{option} needs a whole number of at least 0, not '{value}'.");

    private static double PositiveNumber(string option, string value) =>
        double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out var number) && number > 0 && double.IsFinite(number)
            ? number
            : throw new UsageException($"{option} needs a positive number, not '{value}'.");

    private static double NonNegativeNumber(string option, string value) =>
        double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out var number) && number >= 0 && double.IsFinite(number)
            ? number
            : throw new UsageException($"{option} needs a number of at least 0, not '{value}'.");

    private static double Fraction(string option, string value) =>
        double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out var number) && number is >= 0 and <= 1
            ? number
            : throw new UsageException($"{option} needs a number from 0 to 1, not '{value}'.");

    private static bool OnOff(string option, string value) => value switch
    {
        "on" => true,
        "off" => false,
        _ => throw new UsageException($"{option} needs 'on' or 'off', not '{value}'."),
    };

    private static BenchtestStore Store(string option, string value) => value switch
    {
        "none" => BenchtestStore.None,
        "memory" => BenchtestStore.Memory,
        "sqlite" => BenchtestStore.Sqlite,
        _ => throw new UsageException($"{option} needs 'none', 'memory' or 'sqlite', not '{value}'."),
    };

    private static BenchtestPinning PinningMode(string option, string value) => value switch
    {
        "from-start" => BenchtestPinning.FromStart,
        "after-start" => BenchtestPinning.AfterStart,
        _ => throw new UsageException($"{option} needs 'from-start' or 'after-start', not '{value}'."),
    };

    private static BenchtestTransport Transport(string option, string value) => value switch
    {
        "inprocess" => BenchtestTransport.InProcess,
        "servicebus" => BenchtestTransport.ServiceBus,
        _ => throw new UsageException($"{option} needs 'inprocess' or 'servicebus', not '{value}'."),
    };

    private static double[] Rates(string option, string value) =>
        [.. value.Split(',', StringSplitOptions.TrimEntries).Select(rate => PositiveNumber(option, rate))];

    private static int[] Levels(string option, string value) =>
        [.. value.Split(',', StringSplitOptions.TrimEntries).Select(level => Positive(option, level))];
}
