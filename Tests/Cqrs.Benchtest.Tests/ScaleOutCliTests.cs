using System.Diagnostics;
using System.Text.Json;
using Cqrs.Benchtest.Tests.Support;

namespace Cqrs.Benchtest.Tests;

/// <summary>
/// The CLI's scale-out mode (<c>--consumers</c>) run as a real process on a few hundred operations: a broker, consumer
/// and sender processes of its own, what each level reports, and that none of its processes outlives it.
/// </summary>
public sealed class ScaleOutCliTests
{
    [Fact]
    public async Task Consumers12_ReportsEachLevelAsAJsonLine_AndLosesAndDoublesNothing()
    {
        var chart = Path.Combine(Path.GetTempPath(), $"benchtest-consumers-{Guid.NewGuid():N}.svg");
        try
        {
            var (exitCode, lines, errors) = await BenchtestCli.RunAsync(
                "--transport", "servicebus", "--consumers", "1,2", "--tasks", "2", "--commands", "100", "--warmup", "50", "--telemetry", "off", "--chart", chart);

            Assert.True(exitCode == 0, $"The CLI exited with {exitCode}: {errors}");
            var points = lines.Where(line => line.StartsWith('{')).Select(line => JsonDocument.Parse(line).RootElement).ToArray();
            Assert.Equal([1, 2], points.Select(point => point.GetProperty("consumers").GetInt32()));
            Assert.All(points, point =>
            {
                var consumers = point.GetProperty("consumers").GetInt32();
                Assert.Equal((0, 0, 0), (point.GetProperty("lost").GetInt32(), point.GetProperty("duplicates").GetInt32(), point.GetProperty("conflicts").GetInt32()));
                Assert.Equal(200, point.GetProperty("operations").GetInt32());
                var completed = point.GetProperty("completedPerConsumer").EnumerateArray().Select(count => count.GetInt32()).ToArray();
                Assert.Equal((consumers, 200), (completed.Length, completed.Sum()));
                Assert.Equal(consumers, point.GetProperty("consumerCpuUsPerOpEach").GetArrayLength());
                Assert.Equal(1, point.GetProperty("coresPerConsumer").GetInt32());
                Assert.All(
                    ["opsPerSecond", "consumerCpuUsPerOp", "brokerCpuUsPerOp", "brokerOperationsPerOp", "brokerSendsPerOp", "brokerReceivesPerOp", "brokerSettlementsPerOp"],
                    figure => Assert.True(point.GetProperty(figure).GetDouble() > 0, $"{figure} is {point.GetProperty(figure)}"));
            });
            Assert.Equal(1, points[0].GetProperty("speedupOverOneConsumer").GetDouble());
            Assert.StartsWith("<svg", await File.ReadAllTextAsync(chart), StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(chart);
        }
    }

    [Fact]
    public async Task Consumers_WhenTheRunIsKilled_ItsProcessesExit()
    {
        var start = BenchtestCli.StartInfo("--transport", "servicebus", "--consumers", "2", "--tasks", "1", "--commands", "1000000", "--warmup", "10", "--telemetry", "off");
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        using var run = Process.Start(start)!;
        List<int> children = [];
        try
        {
            using var timeout = new CancellationTokenSource(BenchtestCli.Timeout);
            while (children.Count < 4 && await run.StandardError.ReadLineAsync(timeout.Token) is { } line)
            {
                // "consumer 1 started: process 1234", for the broker, each consumer and the sender.
                if (line.Split(" started: process ") is [_, var id])
                {
                    children.Add(int.Parse(id, System.Globalization.CultureInfo.InvariantCulture));
                }
            }

            Assert.Equal(4, children.Count);
        }
        finally
        {
            run.Kill(); // SIGKILL on Linux: the run ends without a chance to stop its processes
        }

        foreach (var id in children)
        {
            await AssertExitsAsync(id);
        }
    }

    [Fact]
    public async Task Consumers_WithTheInProcessTransport_IsRefused()
    {
        var (exitCode, _, errors) = await BenchtestCli.RunAsync("--consumers", "1,2");

        Assert.Equal(2, exitCode);
        Assert.Contains("--consumers goes with --transport servicebus", errors, StringComparison.Ordinal);
    }

    private static async Task AssertExitsAsync(int id)
    {
        Process process;
        try
        {
            process = Process.GetProcessById(id);
        }
        catch (ArgumentException)
        {
            return; // gone already
        }

        using (process)
        {
            using var timeout = new CancellationTokenSource(BenchtestCli.Timeout);
            await process.WaitForExitAsync(timeout.Token);
        }
    }
}
