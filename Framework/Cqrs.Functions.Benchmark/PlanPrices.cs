using Cqrs.Benchtest.Sizing;

namespace Cqrs.Functions.Benchmark;

/// <summary>Prices per hour of the <see cref="PricePlan"/> presets, in USD, from the benchtest's <see cref="PriceList"/>.</summary>
internal static class PlanPrices
{
    public static double PerHourUsd(PricePlan plan) => plan switch
    {
        PricePlan.B1Windows => PriceList.B1WindowsPerHourUsd,
        PricePlan.B1Linux => PriceList.B1LinuxPerHourUsd,
        PricePlan.Consumption => PriceList.ConsumptionPerGbSecondUsd * PriceList.ConsumptionInstanceGb * 3600,
        _ => throw new ArgumentOutOfRangeException(nameof(plan), plan, "Not a plan with a preset price."),
    };
}
