namespace Cqrs.Benchtest.Sizing;

/// <summary>What the Service Bus namespace costs at a target rate, on Standard and on Premium.</summary>
/// <param name="BrokerOperationsPerMonth">Billable operations a month at the rate.</param>
/// <param name="StandardMonthlyUsd">Standard: the base charge and the operations past those it includes, by tier.</param>
/// <param name="PremiumMessagingUnits">
/// Premium's messaging units priced: 1, the least a namespace has. Microsoft publishes no rate per unit; a namespace
/// adds units when its CPU use stays high, so at high rates this is a floor.
/// </param>
/// <param name="PremiumMonthlyUsd">Those units for a month; Premium bills no operations.</param>
/// <param name="CheaperTier"><c>standard</c> or <c>premium</c>, at this rate.</param>
/// <param name="PremiumCheaperAboveOpsPerSecond">
/// The rate, in operations a second, above which one Premium unit costs less than Standard; null when operations cost
/// the broker nothing.
/// </param>
public sealed record ServiceBusSizing(
    double BrokerOperationsPerMonth,
    double StandardMonthlyUsd,
    int PremiumMessagingUnits,
    double PremiumMonthlyUsd,
    string CheaperTier,
    double? PremiumCheaperAboveOpsPerSecond);
