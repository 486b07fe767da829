using Cqrs.Benchtest;
using Cqrs.Tests.Diagnostics;

namespace Cqrs.Tests.Benchtest;

/// <summary>
/// The benchtest engine, run for real on a few hundred operations. Its telemetry listens process-wide, so these
/// run alone. Figures are never asserted (speed belongs to the benchtest's own output), only what was run.
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
        Assert.Equal(0, result.DuplicateDeliveries);
    }

    [Fact]
    public async Task Run_TelemetryOff_ReportsNoSamplingAndNoExport()
    {
        var result = await new BenchtestRunner().RunAsync(
            new BenchtestSettings { Tasks = 1, CommandsPerTask = 200, WarmupOperations = 0, Telemetry = false });

        Assert.Equal((0.0, 0, 0L), (result.TraceSampling, result.SpanExportBatch, result.SpansExported));
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
