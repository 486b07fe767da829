namespace Cqrs.Functions.Benchmark;

/// <summary>Prices per hour of the <see cref="PricePlan"/> presets, in USD.</summary>
internal static class PlanPrices
{
    public static double PerHourUsd(PricePlan plan) => plan switch
    {
        PricePlan.B1Windows => 0.075,
        PricePlan.B1Linux => 0.018,
        PricePlan.Consumption => 0.000016 * 1.5 * 3600,
        _ => throw new ArgumentOutOfRangeException(nameof(plan), plan, "Not a plan with a preset price."),
    };
}
