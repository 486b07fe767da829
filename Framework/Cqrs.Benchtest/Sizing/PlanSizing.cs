namespace Cqrs.Benchtest.Sizing;

/// <summary>What one App Service plan needs for a target rate.</summary>
/// <param name="Plan">The plan's size: B1, S1, P1v3.</param>
/// <param name="CoresPerInstance">Cores of one instance.</param>
/// <param name="Instances">Instances whose cores, kept as busy as the estimate allows, handle the rate: at least 1.</param>
/// <param name="MaxInstances">The most the plan's tier scales out to.</param>
/// <param name="WithinLimit">False when the rate needs more instances than the tier allows.</param>
/// <param name="MonthlyUsd">The instances' price for a month, in USD.</param>
public sealed record PlanSizing(string Plan, int CoresPerInstance, int Instances, int MaxInstances, bool WithinLimit, double MonthlyUsd);
