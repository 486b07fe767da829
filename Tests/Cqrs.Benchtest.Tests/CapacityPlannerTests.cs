using Cqrs.Benchtest.Sizing;

namespace Cqrs.Benchtest.Tests;

public sealed class CapacityPlannerTests
{
    private const double Month = PriceList.HoursPerMonth;

    [Fact]
    public void For_CoresBusyAtTheShareAllowed_FitsThatManyInstances_AndPricesThemForAMonth()
    {
        // 1,000 ops/s at 1,400 µs each keep 1.4 cores busy: 2 one-core instances at 70%, and one two-core P1v3.
        var estimate = CapacityPlanner.For(1_000, cpuUsPerOp: 1_400, brokerOperationsPerOp: 6, messagesPerOp: 2, payloadBytes: 10, busyShare: 0.7);

        var plans = estimate.Plans.ToDictionary(plan => plan.Plan);
        Assert.Equal((2, 1), (plans["B1"].Instances, plans["P1v3"].Instances));
        Assert.Equal(2, plans["S1"].Instances);
        Assert.Equal(2 * PriceList.B1WindowsPerHourUsd * Month, plans["B1"].MonthlyUsd, 9);
        Assert.Equal(1 * PriceList.P1v3WindowsPerHourUsd * Month, plans["P1v3"].MonthlyUsd, 9);
        Assert.All(estimate.Plans, plan => Assert.True(plan.WithinLimit));
    }

    [Fact]
    public void For_MoreInstancesThanTheTierAllows_SaysSo()
    {
        // 10,000 ops/s at 700 µs keep 10 cores busy at 70%: past B1's 3 instances, within S1's 10.
        var estimate = CapacityPlanner.For(10_000, cpuUsPerOp: 700, brokerOperationsPerOp: 6, messagesPerOp: 2, payloadBytes: 10, busyShare: 0.7);

        var plans = estimate.Plans.ToDictionary(plan => plan.Plan);
        Assert.Equal((10, false), (plans["B1"].Instances, plans["B1"].WithinLimit));
        Assert.Equal((10, true), (plans["S1"].Instances, plans["S1"].WithinLimit));
        Assert.Equal((5, true), (plans["P1v3"].Instances, plans["P1v3"].WithinLimit));
    }

    [Fact]
    public void For_NoCpuTimeMeasured_StillNeedsOneInstance()
    {
        // A short run's CPU time can round down to nothing: the app still runs somewhere.
        var estimate = CapacityPlanner.For(1, cpuUsPerOp: 0, brokerOperationsPerOp: 6, messagesPerOp: 2, payloadBytes: 10);

        Assert.All(estimate.Plans, plan => Assert.Equal(1, plan.Instances));
    }

    [Fact]
    public void For_NoBrokerCount_EstimatesThreeOperationsPerMessage_PerBillingChunk()
    {
        var small = CapacityPlanner.For(100, cpuUsPerOp: 10, brokerOperationsPerOp: null, messagesPerOp: 2, payloadBytes: 10);
        var large = CapacityPlanner.For(100, cpuUsPerOp: 10, brokerOperationsPerOp: null, messagesPerOp: 2, payloadBytes: CapacityPlanner.BillingChunkBytes + 1);

        Assert.Equal((6, false), (small.BrokerOperationsPerOp, small.BrokerOperationsMeasured));
        Assert.Equal(12, large.BrokerOperationsPerOp);
    }

    [Fact]
    public void StandardMonthlyUsd_ChargesEachTierItsPrice_AboveTheIncludedOperations()
    {
        var baseCharge = PriceList.ServiceBusStandardBasePerHourUsd * Month;

        Assert.Equal(baseCharge, CapacityPlanner.StandardMonthlyUsd(13e6), 9);
        Assert.Equal(baseCharge + (87 * PriceList.ServiceBusStandardPerMillionOperationsUsd), CapacityPlanner.StandardMonthlyUsd(100e6), 9);
        Assert.Equal(baseCharge + (87 * 0.80) + (2_400 * 0.50) + (1_000 * 0.20), CapacityPlanner.StandardMonthlyUsd(3_500e6), 9);
    }

    [Theory]
    [InlineData(50)]
    [InlineData(677.08)]
    [InlineData(5_000)]
    public void StandardOperationsCosting_IsTheInverseOfTheTieredPrice(double monthlyUsd) =>
        Assert.Equal(monthlyUsd, CapacityPlanner.StandardMonthlyUsd(CapacityPlanner.StandardOperationsCosting(monthlyUsd)), 6);

    [Fact]
    public void For_TheServiceBusTier_IsTheCheaperOfStandardAndOnePremiumUnit_AndTheCrossoverIsWhereTheyCostAlike()
    {
        var low = CapacityPlanner.For(10, cpuUsPerOp: 100, brokerOperationsPerOp: 6, messagesPerOp: 2, payloadBytes: 10).ServiceBus;
        var high = CapacityPlanner.For(10_000, cpuUsPerOp: 100, brokerOperationsPerOp: 6, messagesPerOp: 2, payloadBytes: 10).ServiceBus;

        Assert.Equal(("standard", "premium"), (low.CheaperTier, high.CheaperTier));
        Assert.Equal(10 * 6 * Month * 3600, low.BrokerOperationsPerMonth, 3);
        Assert.Equal(PriceList.ServiceBusPremiumPerMessagingUnitHourUsd * Month, high.PremiumMonthlyUsd, 9);
        var crossover = low.PremiumCheaperAboveOpsPerSecond!.Value;
        Assert.Equal(low.PremiumMonthlyUsd, CapacityPlanner.StandardMonthlyUsd(crossover * 6 * Month * 3600), 6);
        Assert.InRange(crossover, 10, 10_000);
    }

    [Fact]
    public void For_OutOfRangeInputs_Throw()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => CapacityPlanner.For(0, 10, 6, 2, 10));
        Assert.Throws<ArgumentOutOfRangeException>(() => CapacityPlanner.For(100, -1, 6, 2, 10));
        Assert.Throws<ArgumentOutOfRangeException>(() => CapacityPlanner.For(100, 10, 6, 2, 10, busyShare: 1.5));
    }
}
