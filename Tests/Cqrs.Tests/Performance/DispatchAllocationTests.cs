using System.Diagnostics;
using System.Reflection;
using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Diagnostics;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace Cqrs.Tests.Performance;

/// <summary>
/// Bytes allocated per operation (a command and its event handled by both handlers) on the dispatch path,
/// counted over the whole process, the least of several rounds after a warm-up. Each ceiling sits a few dozen
/// bytes above what the path allocates today, so one more object per message (a closure, a boxed enumerator)
/// fails the test. A Debug build of Cqrs.Core allocates every async state machine, so the full pipeline has its own
/// ceiling there; direct dispatch runs no async method.
/// Bytes, never time.
/// </summary>
[Collection(nameof(ProcessWideCollection))]
public sealed class DispatchAllocationTests(ITestOutputHelper output)
{
    private const int WarmUpOperations = 2_000;
    private const int OperationsPerRound = 5_000;
    private const int Rounds = 6;

    private static readonly bool CoreIsOptimized =
        typeof(ICommandBus).Assembly.GetCustomAttribute<DebuggableAttribute>() is not { IsJITOptimizerDisabled: true };

    /// <summary>
    /// Validation's share is what the test validators' rules allocate themselves (a comparison that boxes its value), with no
    /// FluentValidation result per message; the contexts in line are handed out again, so none is allocated per message.
    /// </summary>
    [Fact]
    public Task DirectDispatch_AfterWarmUp_StaysUnderItsAllocationCeiling() =>
        AssertBytesPerOperationAsync(directDispatch: true, ceiling: 128);

    [Fact]
    public Task DirectDispatchUnvalidated_AfterWarmUp_StaysUnderItsAllocationCeiling() =>
        AssertBytesPerOperationAsync(directDispatch: true, ceiling: 96, validateInDirectDispatch: false);

    /// <summary>
    /// With a trace listener whose sampler drops every root: each command's root is created for its trace id only (the
    /// sampler's question allocates the activity and its trace id), and
    /// the unsampled messages still go to their handlers in line, with their "not sampled" mark and no trace.
    /// </summary>
    [Fact]
    public async Task DirectDispatch_WithEveryTraceDropped_StaysUnderItsAllocationCeiling()
    {
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == CqrsDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.PropagationData,
        };
        ActivitySource.AddActivityListener(listener);

        await AssertBytesPerOperationAsync(directDispatch: true, ceiling: 376);
    }

    [Fact]
    public Task FullPipeline_AfterWarmUp_StaysUnderItsAllocationCeiling() =>
        AssertBytesPerOperationAsync(directDispatch: false, ceiling: CoreIsOptimized ? 680 : 1_120);

    private async Task AssertBytesPerOperationAsync(bool directDispatch, long ceiling, bool validateInDirectDispatch = true)
    {
        await using var provider = TestHost.Create(options =>
        {
            options.DirectDispatch = directDispatch;
            options.ValidateInDirectDispatch = validateInDirectDispatch;
            options.InProcess.Concurrency = 2;
        });
        var bus = provider.GetRequiredService<ICommandBus>();
        var tally = provider.GetRequiredService<Tally>();

        await RunAsync(bus, tally, WarmUpOperations);
        var least = long.MaxValue;
        for (var round = 0; round < Rounds; round++)
        {
            least = Math.Min(least, await RunAsync(bus, tally, OperationsPerRound) / OperationsPerRound);
        }

        var build = CoreIsOptimized ? "optimized" : "debug";
        var mode = directDispatch ? (validateInDirectDispatch ? "direct dispatch" : "direct dispatch unvalidated") : "full pipeline";
        output.WriteLine($"{mode}, {build} Cqrs.Core: {least} bytes per operation (ceiling {ceiling})");
        Assert.InRange(least, 0, ceiling);
    }

    /// <summary>Runs <paramref name="operations"/> operations and returns the bytes the process allocated meanwhile.</summary>
    private static async Task<long> RunAsync(ICommandBus bus, Tally tally, int operations)
    {
        tally.Expect(operations);
        var before = GC.GetTotalAllocatedBytes(precise: true);
        for (var i = 0; i < operations; i++)
        {
            await bus.SendAsync(new Ping(i));
        }

        await tally.Done.WaitAsync(Patience.Timeout);
        return GC.GetTotalAllocatedBytes(precise: true) - before;
    }
}
