using System.Linq.Expressions;
using Cqrs.Benchtest;
using Cqrs.Tests.Diagnostics;

namespace Cqrs.Tests.Benchtest;

/// <summary>
/// The benchtest engine, run for real on a few hundred operations. Its telemetry listens process-wide, so these
/// run alone. Figures are never asserted (speed belongs to the benchtest's own output), only what was run: the
/// operations counted as handled are the ones the handlers reported.
/// </summary>
[Collection(nameof(ProcessWideCollection))]
public sealed class BenchtestRunnerTests
{
    private const int SpansPerOperation = 5; // send and process the command, publish the event, two handlers

    [Fact]
    public async Task Run_EveryTraceSampled_ExportsEachOperationsSpansInTheBatchSizeAsked()
    {
        var settings = new BenchtestSettings
        {
            Tasks = 2,
            CommandsPerTask = 150,
            WarmupOperations = 100,
            TraceSampling = 1,
            SpanExportBatch = 64,
        };

        var result = await new BenchtestRunner().RunAsync(settings);

        Assert.Equal(300, result.Operations);
        Assert.Equal(64, result.SpanExportBatch);
        Assert.Equal(300 * SpansPerOperation, result.SpansExported);
        Assert.Equal((0, 0), (result.Lost, result.DuplicateDeliveries));

        // Handling 300 operations takes CPU time, whatever else runs on the machine.
        Assert.True(result.CpuUsPerOp > 0, $"CPU time {result.CpuUsPerOp} µs/op");
    }

    [Fact]
    public void GcCollections_OverAFullCollection_CountOneOfEachGenerationAtLeast()
    {
        var before = GcCollections.Now();

        GC.Collect(2, GCCollectionMode.Forced, blocking: true);

        var collected = GcCollections.Now() - before;
        Assert.True(collected.Gen2 >= 1 && collected.Gen1 >= collected.Gen2 && collected.Gen0 >= collected.Gen1, collected.ToString());
        Assert.True(collected.Paused > TimeSpan.Zero, collected.ToString());
    }

    [Fact]
    public void JitActivity_OverCompilingANewExpression_CountsAMethodAndItsTime()
    {
        var before = JitActivity.Now();

        var answer = Expression.Lambda<Func<int>>(Expression.Constant(42)).Compile()();

        var compiled = JitActivity.Now() - before;
        Assert.Equal(42, answer);
        Assert.True(compiled.Methods >= 1 && compiled.Time > TimeSpan.Zero, compiled.ToString());
    }

    [Fact]
    public async Task Run_TelemetryOff_ReportsNoSamplingAndNoExport()
    {
        var result = await new BenchtestRunner().RunAsync(
            new BenchtestSettings { Tasks = 1, CommandsPerTask = 200, WarmupOperations = 0, Telemetry = false });

        Assert.Equal((0.0, 0, 0L), (result.TraceSampling, result.SpanExportBatch, result.SpansExported));
    }

    [Fact]
    public async Task Run_WithoutWarmup_SaysTheJitHadNotSettled()
    {
        var result = await new BenchtestRunner().RunAsync(
            new BenchtestSettings { Tasks = 1, CommandsPerTask = 50, WarmupOperations = 0, Telemetry = false });

        Assert.Equal((0.0, false), (result.WarmupSeconds, result.WarmupSettled));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(BenchtestSettings.SpanExportQueue + 1)]
    public void Validate_ExportBatchOutsideTheQueue_IsRefused(int batch)
    {
        var error = Assert.Throws<ArgumentException>(() => new BenchtestSettings { SpanExportBatch = batch }.Validate());

        Assert.Equal(nameof(BenchtestSettings.SpanExportBatch), error.ParamName);
    }
}
