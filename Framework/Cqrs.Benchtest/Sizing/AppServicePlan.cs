namespace Cqrs.Benchtest.Sizing;

/// <summary>An App Service plan an app's instances can run on, as <see cref="PriceList"/> lists it.</summary>
/// <param name="Name">Its size: B1, S1, P1v3.</param>
/// <param name="Cores">Cores of one instance (vCPUs for Premium v3).</param>
/// <param name="MaxInstances">The most instances the plan's tier scales out to.</param>
/// <param name="PricePerHourUsd">One instance's price per hour, in USD.</param>
public sealed record AppServicePlan(string Name, int Cores, int MaxInstances, double PricePerHourUsd);
