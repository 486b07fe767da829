using System.Globalization;
using Cqrs.Benchtest;
using Microsoft.AspNetCore.Http;

namespace Cqrs.Functions.Benchmark;

/// <summary>Reads a run's settings from the query string, each bounded, the CLI's names where it has them.</summary>
internal static class BenchmarkRequest
{
    public const int MaxTasks = 64;

    public const double MaxTargetRate = 1e9;

    /// <exception cref="ArgumentException">A parameter is not a number in its range.</exception>
    public static BenchtestSettings Read(IQueryCollection query, BenchmarkOptions options)
    {
        var settings = new BenchtestSettings
        {
            Tasks = Int(query, "tasks", 8, 1, MaxTasks),
            CommandsPerTask = Int(query, "commands", 10_000, 1, options.MaxOperations),
            WarmupOperations = Int(query, "warmup", 20_000, 0, options.MaxOperations),
            Telemetry = Bool(query, "telemetry", true),
            TraceSampling = Double(query, "sampling", 0.01, 0, 1),
            Direct = Bool(query, "direct", false),
            PricePerHourUsd = PricePerHour(query, options),
            Transport = Transport(query, options),
            ServiceBusConnectionString = options.ServiceBusConnectionString,
            BrokerPricePerMillionOperationsUsd = options.ServiceBusPricePerMillionOperationsUsd,
            TargetRates = Rates(query, "targetRates"),
        };
        if ((long)settings.Tasks * settings.CommandsPerTask > options.MaxOperations)
        {
            throw new ArgumentException($"tasks × commands may be at most {options.MaxOperations}.", nameof(query));
        }

        // The engine's own rules too (direct dispatch is in-process only), as a 400 rather than a failed run.
        settings.Validate();

        return settings;
    }

    private static BenchtestTransport Transport(IQueryCollection query, BenchmarkOptions options) =>
        query["transport"].ToString() is not { Length: > 0 } text ? options.Transport ?? BenchtestTransport.InProcess
        : Enum.TryParse<BenchtestTransport>(text, ignoreCase: true, out var transport) && Enum.IsDefined(transport) ? transport
        : throw new ArgumentException("transport must be inprocess or servicebus.", nameof(query));

    /// <summary>The plan a run is priced at: the call's, else the settings' (<c>Custom</c> where a price per hour overrides it).</summary>
    /// <exception cref="ArgumentException">The call names no plan there is.</exception>
    public static string PlanName(IQueryCollection query, BenchmarkOptions options) =>
        NamedPlan(query) is { } named ? named.ToString()
        : options.PricePerHourUsd is null ? options.Plan.ToString()
        : "Custom";

    private static double PricePerHour(IQueryCollection query, BenchmarkOptions options) =>
        NamedPlan(query) is { } named ? PlanPrices.PerHourUsd(named) : options.PricePerHourUsd ?? PlanPrices.PerHourUsd(options.Plan);

    private static PricePlan? NamedPlan(IQueryCollection query) =>
        query["plan"].ToString() is not { Length: > 0 } plan ? null
        : Enum.TryParse<PricePlan>(plan, ignoreCase: true, out var named) && Enum.IsDefined(named) ? named
        : throw new ArgumentException($"plan must be one of {string.Join(", ", Enum.GetNames<PricePlan>())}.", nameof(query));

    /// <summary>Rates to size for, comma-separated: each a positive number of operations a second, at most <see cref="MaxTargetRate"/>.</summary>
    private static double[] Rates(IQueryCollection query, string name) =>
        query[name].ToString() is not { Length: > 0 } text ? []
        : [.. text.Split(',', StringSplitOptions.TrimEntries).Select(rate =>
            double.TryParse(rate, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && value > 0 && value <= MaxTargetRate ? value
            : throw new ArgumentException($"{name} must be numbers of operations a second from above 0 to {MaxTargetRate}, separated by commas.", name))];

    private static int Int(IQueryCollection query, string name, int fallback, int min, int max) =>
        query[name].ToString() is not { Length: > 0 } text ? fallback
        : int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) && value >= min && value <= max ? value
        : throw new ArgumentException($"{name} must be a whole number from {min} to {max}.", name);

    private static double Double(IQueryCollection query, string name, double fallback, double min, double max) =>
        query[name].ToString() is not { Length: > 0 } text ? fallback
        : double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && value >= min && value <= max ? value
        : throw new ArgumentException($"{name} must be a number from {min} to {max}.", name);

    private static bool Bool(IQueryCollection query, string name, bool fallback) =>
        query[name].ToString() is not { Length: > 0 } text ? fallback
        : bool.TryParse(text, out var value) ? value
        : throw new ArgumentException($"{name} must be true or false.", name);
}
