namespace Cqrs.Benchtest.Sizing;

/// <summary>
/// Every price the benchtest figures costs with, in one place: Azure's public list prices in USD, pay-as-you-go, in
/// <see cref="Region"/>, as of <see cref="AsOf"/> (Benchmarks/README.md says where each comes from). The plans are
/// Windows plans, what the Functions app is deployed to; Linux plans cost less.
/// </summary>
public static class PriceList
{
    /// <summary>The region the prices are of.</summary>
    public const string Region = "East US";

    /// <summary>When the prices were taken.</summary>
    public const string AsOf = "2026-11-27";

    /// <summary>Hours in a month, as Azure's pricing pages count them.</summary>
    public const double HoursPerMonth = 730;

    /// <summary>Basic B1, Windows (1 core, 1.75 GB), per hour.</summary>
    public const double B1WindowsPerHourUsd = 0.075;

    /// <summary>Basic B1, Linux, per hour.</summary>
    public const double B1LinuxPerHourUsd = 0.018;

    /// <summary>Standard S1, Windows (1 core, 1.75 GB), per hour.</summary>
    public const double S1WindowsPerHourUsd = 0.10;

    /// <summary>Premium v3 P1v3, Windows (2 vCPUs, 8 GB), per hour.</summary>
    public const double P1v3WindowsPerHourUsd = 0.30;

    /// <summary>The Consumption plan's price per GB-second of memory.</summary>
    public const double ConsumptionPerGbSecondUsd = 0.000016;

    /// <summary>The most memory a Consumption instance bills for, in GB.</summary>
    public const double ConsumptionInstanceGb = 1.5;

    /// <summary>Service Bus Standard's base charge per hour, operations included up to the first tier's end.</summary>
    public const double ServiceBusStandardBasePerHourUsd = 0.0135;

    /// <summary>Service Bus Standard's price per million operations past those included, up to 100 million a month.</summary>
    public const double ServiceBusStandardPerMillionOperationsUsd = 0.80;

    /// <summary>Service Bus Premium's price per messaging unit and hour: operations are not billed.</summary>
    public const double ServiceBusPremiumPerMessagingUnitHourUsd = 0.9275;

    /// <summary>
    /// Service Bus Standard's operations a month, in tiers: each tier's price per million applies to the operations
    /// from the previous tier's end up to its own. The first 13 million are in the base charge.
    /// </summary>
    public static IReadOnlyList<(double UpToOperations, double PerMillionUsd)> ServiceBusStandardOperationTiers { get; } =
    [
        (13e6, 0),
        (100e6, ServiceBusStandardPerMillionOperationsUsd),
        (2_500e6, 0.50),
        (double.PositiveInfinity, 0.20),
    ];

    /// <summary>The plans sized for a target rate: B1, S1 and P1v3 on Windows, with their tiers' instance limits.</summary>
    public static IReadOnlyList<AppServicePlan> Plans { get; } =
    [
        new("B1", Cores: 1, MaxInstances: 3, B1WindowsPerHourUsd),
        new("S1", Cores: 1, MaxInstances: 10, S1WindowsPerHourUsd),
        new("P1v3", Cores: 2, MaxInstances: 30, P1v3WindowsPerHourUsd),
    ];
}
