using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Cancelling;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>
/// Direct dispatch hands the caller's token to the handlers: a caller that cancels gets the cancellation, and no
/// handler runs again. Each test disposes the container before counting calls, so a copy queued by mistake has run.
/// </summary>
public sealed class CallerCancellationTests
{
    [Fact]
    public async Task DirectSend_CancelledByTheCallerInTheHandler_ThrowsAndRunsTheHandlerOnce()
    {
        var provider = TestHost.Create(options => options.DirectDispatch = true);
        var recorder = provider.GetRequiredService<Recorder>();
        var caller = provider.GetRequiredService<CallerCancellation>();
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(
            async () => await provider.GetRequiredService<ICommandBus>().SendAsync(new StopMidway(1), caller.Token));
        await provider.DisposeAsync();

        Assert.Single(recorder.Of<StopMidwayHandler>());
        Assert.Empty(deadLetters.Snapshot());
    }

    [Fact]
    public async Task DirectPublish_WithOneOfTwoHandlersCancelled_ThrowsAndRunsEachHandlerOnce()
    {
        var provider = TestHost.Create(options => options.DirectDispatch = true);
        var recorder = provider.GetRequiredService<Recorder>();
        var caller = provider.GetRequiredService<CallerCancellation>();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(
            async () => await provider.GetRequiredService<IEventBus>().PublishAsync(new StoppedMidway(1), caller.Token));
        await provider.DisposeAsync();

        Assert.Single(recorder.Of<SteadyStoppedHandler>());
        Assert.Single(recorder.Of<CancellingStoppedHandler>());
    }
}
