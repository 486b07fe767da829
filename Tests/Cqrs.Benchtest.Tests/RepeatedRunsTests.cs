using Cqrs.Benchtest;

namespace Cqrs.Benchtest.Tests;

public sealed class RepeatedRunsTests
{
    [Fact]
    public void Summarize_ReportsTheMedianRunByOpsPerSecond_WithTheSpreadOfEachFigure()
    {
        BenchtestResult[] runs = [Run(200, cpuUsPerOp: 3), Run(300, cpuUsPerOp: 2), Run(100, cpuUsPerOp: 4)];

        var (median, summary) = RepeatedRuns.Summarize(runs);

        Assert.Equal(0, median);
        var withoutSpread = summary with
        {
            Runs = null, OpsPerSecondSpread = null, CpuUsPerOpSpread = null, LatencyP99UsSpread = null, AllocatedBytesPerOpSpread = null,
        };
        Assert.Equal(runs[0], withoutSpread);
        Assert.Equal(3, summary.Runs);
        Assert.Equal(FigureSpread.Of([100, 200, 300]), summary.OpsPerSecondSpread);
        Assert.Equal(FigureSpread.Of([2, 3, 4]), summary.CpuUsPerOpSpread);
    }

    private static BenchtestResult Run(double opsPerSecond, double cpuUsPerOp) => new()
    {
        Transport = "inprocess", WarmupSeconds = 1, WarmupSettled = true, TieringDelayMs = 100, Tasks = 1, CommandsPerTask = 1000, Operations = 1000, Seconds = 1000 / opsPerSecond,
        OpsPerSecond = opsPerSecond, LatencyMeanUs = 10, LatencyP50Us = 9, LatencyP99Us = 20, AllocatedBytesPerOp = 1000,
        Gen0Collections = 0, Gen1Collections = 0, Gen2Collections = 0, GcPauseMs = 0, CpuUsPerOp = cpuUsPerOp, Cores = 1,
        Pinning = "from-start", Telemetry = false, TraceSampling = 0, SpanExportBatch = 0, StartupMs = 50, StartupJitMs = 10,
        StartupJittedMethods = 100, PricePerHourUsd = 0.075, OpsPerDollar = opsPerSecond * 3600 / 0.075,
        PlanCostPerOpUsd = 0.075 / (opsPerSecond * 3600), Direct = false, Validated = true, MaxInFlight = 1024,
        SpansExported = 0, Store = "none", Saga = false, DuplicateDeliveries = 0, Lost = 0,
    };
}
