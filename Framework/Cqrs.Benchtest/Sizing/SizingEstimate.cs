namespace Cqrs.Benchtest.Sizing;

/// <summary>
/// What a target rate needs, on paper, from a run's measured figures: instances of each plan and the Service Bus tier,
/// with their monthly prices, and the inputs it was figured from.
/// </summary>
/// <param name="TargetOpsPerSecond">The rate sized for: operations a second, sustained.</param>
/// <param name="CpuUsPerOp">The app's CPU time per operation the run measured, in µs: a core of the plan is taken to be as fast as one of the machine that measured it.</param>
/// <param name="BusyShare">The share of each core the estimate keeps busy, leaving the rest for peaks.</param>
/// <param name="BrokerOperationsPerOp">Billable broker operations per operation: counted by the run's local broker, or else estimated from the messages an operation sends.</param>
/// <param name="BrokerOperationsMeasured">Whether <paramref name="BrokerOperationsPerOp"/> was counted rather than estimated.</param>
/// <param name="PayloadBytes">The largest payload of the workload's messages: each 64 KB begun of a message is one more billable operation.</param>
/// <param name="Prices">Whose prices: region, terms and date.</param>
/// <param name="Plans">Each plan's instances and price.</param>
/// <param name="ServiceBus">The namespace's tier and price.</param>
public sealed record SizingEstimate(
    double TargetOpsPerSecond,
    double CpuUsPerOp,
    double BusyShare,
    double BrokerOperationsPerOp,
    bool BrokerOperationsMeasured,
    int PayloadBytes,
    string Prices,
    IReadOnlyList<PlanSizing> Plans,
    ServiceBusSizing ServiceBus);
