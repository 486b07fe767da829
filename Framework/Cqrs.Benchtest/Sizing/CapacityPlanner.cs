namespace Cqrs.Benchtest.Sizing;

/// <summary>
/// Sizes an app for a target rate from measured figures and <see cref="PriceList"/>: instances from CPU time per
/// operation, the Service Bus tier from broker operations per operation. Arithmetic only; thread-safe.
/// </summary>
public static class CapacityPlanner
{
    /// <summary>The share of a core the estimate keeps busy: autoscale rules commonly add an instance past 70%.</summary>
    public const double DefaultBusyShare = 0.7;

    /// <summary>Billable operations each message takes per 64 KB begun: sent, delivered, settled.</summary>
    public const int BrokerOperationsPerMessage = 3;

    /// <summary>Service Bus bills each 64 KB begun of a message as one operation.</summary>
    public const int BillingChunkBytes = 64 * 1024;

    private const double SecondsPerMonth = PriceList.HoursPerMonth * 3600;

    /// <summary>What <paramref name="targetOpsPerSecond"/> needs.</summary>
    /// <param name="targetOpsPerSecond">Operations a second to size for; positive.</param>
    /// <param name="cpuUsPerOp">The app's CPU time per operation, in µs; not negative.</param>
    /// <param name="brokerOperationsPerOp">Counted broker operations per operation; null to estimate them from <paramref name="messagesPerOp"/>.</param>
    /// <param name="messagesPerOp">Messages an operation sends (its command and its event: 2), for the estimate.</param>
    /// <param name="payloadBytes">The largest payload of the workload's messages.</param>
    /// <param name="busyShare">The share of each core to keep busy, in (0, 1].</param>
    /// <exception cref="ArgumentOutOfRangeException">An input out of its range.</exception>
    public static SizingEstimate For(
        double targetOpsPerSecond, double cpuUsPerOp, double? brokerOperationsPerOp, int messagesPerOp, int payloadBytes, double busyShare = DefaultBusyShare)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(targetOpsPerSecond);
        ArgumentOutOfRangeException.ThrowIfNegative(cpuUsPerOp);
        ArgumentOutOfRangeException.ThrowIfNegative(messagesPerOp);
        ArgumentOutOfRangeException.ThrowIfNegative(payloadBytes);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(busyShare);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(busyShare, 1);
        var brokerPerOp = brokerOperationsPerOp ?? messagesPerOp * BrokerOperationsPerMessage * Chunks(payloadBytes);
        var coresBusy = targetOpsPerSecond * cpuUsPerOp / 1e6 / busyShare;
        PlanSizing[] plans = [.. PriceList.Plans.Select(plan => Size(plan, coresBusy))];
        return new SizingEstimate(
            targetOpsPerSecond,
            cpuUsPerOp,
            busyShare,
            brokerPerOp,
            brokerOperationsPerOp is not null,
            payloadBytes,
            $"{PriceList.Region}, pay-as-you-go list prices of {PriceList.AsOf}",
            plans,
            ServiceBus(targetOpsPerSecond * brokerPerOp * SecondsPerMonth, brokerPerOp));
    }

    /// <summary>Service Bus Standard's price for a month of <paramref name="operations"/>: the base charge and each tier's share.</summary>
    public static double StandardMonthlyUsd(double operations)
    {
        var cost = PriceList.ServiceBusStandardBasePerHourUsd * PriceList.HoursPerMonth;
        var tierStart = 0.0;
        foreach (var (upTo, perMillion) in PriceList.ServiceBusStandardOperationTiers)
        {
            cost += Math.Max(0, Math.Min(operations, upTo) - tierStart) / 1e6 * perMillion;
            tierStart = upTo;
        }

        return cost;
    }

    /// <summary>The operations a month at which Standard costs as much as <paramref name="monthlyUsd"/>; infinite if it never does.</summary>
    public static double StandardOperationsCosting(double monthlyUsd)
    {
        var cost = PriceList.ServiceBusStandardBasePerHourUsd * PriceList.HoursPerMonth;
        var tierStart = 0.0;
        foreach (var (upTo, perMillion) in PriceList.ServiceBusStandardOperationTiers)
        {
            var tierCost = (upTo - tierStart) / 1e6 * perMillion;
            if (perMillion > 0 && cost + tierCost >= monthlyUsd)
            {
                return tierStart + ((monthlyUsd - cost) / perMillion * 1e6);
            }

            cost += tierCost;
            tierStart = upTo;
        }

        return double.PositiveInfinity;
    }

    private static int Chunks(int payloadBytes) => Math.Max(1, (payloadBytes + BillingChunkBytes - 1) / BillingChunkBytes);

    private static PlanSizing Size(AppServicePlan plan, double coresBusy)
    {
        var instances = Math.Max(1, (int)Math.Ceiling(coresBusy / plan.Cores));
        return new PlanSizing(plan.Name, plan.Cores, instances, plan.MaxInstances, instances <= plan.MaxInstances, instances * plan.PricePerHourUsd * PriceList.HoursPerMonth);
    }

    private static ServiceBusSizing ServiceBus(double operationsPerMonth, double brokerPerOp)
    {
        const int messagingUnits = 1;
        var premium = messagingUnits * PriceList.ServiceBusPremiumPerMessagingUnitHourUsd * PriceList.HoursPerMonth;
        var standard = StandardMonthlyUsd(operationsPerMonth);
        double? crossover = brokerPerOp > 0 ? StandardOperationsCosting(premium) / SecondsPerMonth / brokerPerOp : null;
        return new ServiceBusSizing(operationsPerMonth, standard, messagingUnits, premium, standard <= premium ? "standard" : "premium", crossover);
    }
}
