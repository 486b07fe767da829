using System.Text.Json;
using Cqrs.Benchtest.Tests.Support;

namespace Cqrs.Benchtest.Tests;

/// <summary>
/// The benchtest CLI (Benchmarks/Cqrs.Benchmarks) run as a real process, built beside this assembly, on a few
/// hundred operations: what it reports, never how fast.
/// </summary>
public sealed class BenchtestCliTests
{
    [Fact]
    public async Task Cores1_RunsOnOneProcessorFromTheStart_WithTheTieringDelayOfTheAppOnB1()
    {
        var (exitCode, lines, errors) = await BenchtestCli.RunAsync("--cores", "1", "--tasks", "1", "--commands", "200", "--warmup", "0", "--telemetry", "off");

        Assert.True(exitCode == 0, $"The CLI exited with {exitCode}: {errors}");
        using var result = JsonDocument.Parse(lines[^1]);
        Assert.Equal(1, result.RootElement.GetProperty("cores").GetInt32());
        Assert.Equal("from-start", result.RootElement.GetProperty("pinning").GetString());
        Assert.Equal(100, result.RootElement.GetProperty("tieringDelayMs").GetInt32());
    }

    [Fact]
    public async Task Cores1_KeepsATieringSettingTheEnvironmentGives()
    {
        var (exitCode, lines, errors) = await BenchtestCli.RunAsync(
            ("DOTNET_TC_DelaySingleProcMultiplier", "2"), "--cores", "1", "--tasks", "1", "--commands", "200", "--warmup", "0", "--telemetry", "off");

        Assert.True(exitCode == 0, $"The CLI exited with {exitCode}: {errors}");
        using var result = JsonDocument.Parse(lines[^1]);
        Assert.Equal(200, result.RootElement.GetProperty("tieringDelayMs").GetInt32());
    }

    [Theory]
    [InlineData("memory")]
    [InlineData("sqlite")]
    public async Task Saga_RunsEachOperationThroughASaga_AndLosesOrDoublesNothing(string store)
    {
        var (exitCode, lines, errors) = await BenchtestCli.RunAsync("--saga", "--store", store, "--tasks", "2", "--commands", "100", "--warmup", "0", "--telemetry", "off");

        Assert.True(exitCode == 0, $"The CLI exited with {exitCode}: {errors}");
        using var result = JsonDocument.Parse(lines[^1]);
        Assert.True(result.RootElement.GetProperty("saga").GetBoolean());
        Assert.Equal(store, result.RootElement.GetProperty("store").GetString());
        Assert.Equal(200, result.RootElement.GetProperty("operations").GetInt32());
        Assert.Equal(0, result.RootElement.GetProperty("lost").GetInt32());
        Assert.Equal(0, result.RootElement.GetProperty("duplicateDeliveries").GetInt32());
    }

    [Fact]
    public async Task Saga_WithoutAStore_IsRefused()
    {
        var (exitCode, _, errors) = await BenchtestCli.RunAsync("--saga", "--tasks", "1", "--commands", "10");

        Assert.NotEqual(0, exitCode);
        Assert.Contains("Saga", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Repeat3_PrintsEachRunAndEndsWithTheMedianRunAndTheSpread()
    {
        var (exitCode, lines, errors) = await BenchtestCli.RunAsync("--repeat", "3", "--tasks", "1", "--commands", "200", "--warmup", "0", "--telemetry", "off");

        Assert.True(exitCode == 0, $"The CLI exited with {exitCode}: {errors}");
        var runs = lines.Where(line => line.StartsWith('{')).Select(line => JsonDocument.Parse(line).RootElement).ToArray();
        Assert.Equal(3, runs.Length);
        double[] opsPerSecond = [.. runs.Select(run => run.GetProperty("opsPerSecond").GetDouble()).Order()];
        var headline = runs[^1];
        var spread = headline.GetProperty("opsPerSecondSpread");
        Assert.Equal(3, headline.GetProperty("runs").GetInt32());
        Assert.Equal(opsPerSecond[1], headline.GetProperty("opsPerSecond").GetDouble());
        Assert.Equal(
            (opsPerSecond[1], opsPerSecond[0], opsPerSecond[2]),
            (spread.GetProperty("median").GetDouble(), spread.GetProperty("min").GetDouble(), spread.GetProperty("max").GetDouble()));
        Assert.Equal(JsonValueKind.Object, headline.GetProperty("cpuUsPerOpSpread").ValueKind);
        Assert.All(runs[..^1], run => Assert.Equal(JsonValueKind.Null, run.GetProperty("runs").ValueKind));
    }
}
