using Cqrs.Benchtest;

namespace Cqrs.Functions.Benchmark;

/// <summary>The benchmark function's settings: the <c>Benchmark</c> configuration section.</summary>
public sealed class BenchmarkOptions
{
    /// <summary>The configuration section the settings are conventionally bound from.</summary>
    public const string SectionName = "Benchmark";

    /// <summary>The plan the app runs on, for ops per dollar. Default B1 Windows.</summary>
    public PricePlan Plan { get; set; } = PricePlan.B1Windows;

    /// <summary>A price per hour in USD that overrides <see cref="Plan"/>'s preset (another plan, a negotiated price).</summary>
    public double? PricePerHourUsd { get; set; }

    /// <summary>The transport a run uses unless the call names one; null is in-process. An app on Service Bus sets its own.</summary>
    public BenchtestTransport? Transport { get; set; }

    /// <summary>
    /// For a Service Bus run: a namespace to run on, whose <c>cqrs-commands</c> queue and <c>cqrs-events</c> topic with
    /// its <c>default</c> subscription nothing else uses. Null: a local broker in the worker, started for the run, which
    /// counts the run's broker operations.
    /// </summary>
    public string? ServiceBusConnectionString { get; set; }

    /// <summary>Price of a million Service Bus operations in USD, for the broker's share of ops per dollar. Default Standard's 0.80.</summary>
    public double ServiceBusPricePerMillionOperationsUsd { get; set; } = BenchtestSettings.ServiceBusStandardPricePerMillionOperationsUsd;

    /// <summary>Most operations one call may ask for (tasks × commands, warm-up apart). Default 1,000,000.</summary>
    public int MaxOperations { get; set; } = 1_000_000;

    /// <summary>Longest a run may take, warm-up included, before it is cancelled. Default 2 minutes.</summary>
    public TimeSpan MaxDuration { get; set; } = TimeSpan.FromMinutes(2);
}
