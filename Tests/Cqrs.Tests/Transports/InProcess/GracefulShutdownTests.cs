using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Archiving;
using Cqrs.Tests.Domain.Holding;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>
/// Shutting down waits for operations under way (up to the shutdown timeout) and loses none of them. Every
/// test opens its gate on the way out, so a failure never leaves a handler waiting.
/// </summary>
public sealed class GracefulShutdownTests
{
    private const int Commands = 20;

    [Fact]
    public async Task Dispose_WithOperationsUnderWay_WaitsForThemAndLosesNone()
    {
        await using var provider = TestHost.Create();

        await AssertShutdownLosesNoneAsync(provider, () => provider.DisposeAsync().AsTask());
    }

    /// <summary>
    /// Scoped handlers need the host's stop: once a container's disposal starts it refuses new scopes, so the
    /// messages under way must finish before it.
    /// </summary>
    [Theory]
    [InlineData(ServiceLifetime.Singleton)]
    [InlineData(ServiceLifetime.Scoped)]
    public async Task HostStop_WithOperationsUnderWay_WaitsForThemAndLosesNone(ServiceLifetime handlerLifetime)
    {
        using var host = TestHost.CreateHost(options => options.HandlerLifetime = handlerLifetime);
        await host.StartAsync();

        await AssertShutdownLosesNoneAsync(host.Services, () => host.StopAsync());
    }

    [Fact]
    public async Task Dispose_WithOperationsUnderWay_KeepsHandlerDependenciesUntilTheyFinish()
    {
        await using var provider = TestHost.Create();
        // As in an app, the bus comes first and builds the handlers, which bring their dependencies.
        var bus = provider.GetRequiredService<ICommandBus>();
        var gate = provider.GetRequiredService<Gate>();
        var ledger = provider.GetRequiredService<Ledger>();
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();
        try
        {
            await bus.SendAsync(new ArchiveReport(7));
            await gate.Entered.WaitAsync(Patience.Timeout);

            var disposal = provider.DisposeAsync().AsTask();
            await Task.Run(gate.Open);
            await disposal.WaitAsync(Patience.Timeout);
        }
        finally
        {
            gate.Open();
        }

        Assert.Empty(deadLetters.Snapshot());
        Assert.Equal([7], ledger.Entries);
    }

    [Fact]
    public async Task Dispose_WithAHandlerThatNeverFinishes_GivesUpAfterTheShutdownTimeout()
    {
        await using var provider = TestHost.Create(options => options.InProcess.ShutdownTimeout = TimeSpan.FromMilliseconds(50));
        var gate = provider.GetRequiredService<Gate>();
        try
        {
            await provider.GetRequiredService<ICommandBus>().SendAsync(new Hold(1, HoldPoint.InCommandHandler));
            await gate.Entered.WaitAsync(Patience.Timeout);

            await provider.DisposeAsync().AsTask().WaitAsync(Patience.Timeout);
        }
        finally
        {
            gate.Open();
        }
    }

    /// <summary>
    /// Sends commands whose handlers wait at the gate, starts <paramref name="shutDown"/>, checks it waits, opens
    /// the gate from another task, then checks every command and the event it raised meanwhile were handled.
    /// </summary>
    private static async Task AssertShutdownLosesNoneAsync(IServiceProvider services, Func<Task> shutDown)
    {
        var gate = services.GetRequiredService<Gate>();
        var recorder = services.GetRequiredService<Recorder>();
        var deadLetters = services.GetRequiredService<InProcessDeadLetterQueue>();
        var bus = services.GetRequiredService<ICommandBus>();
        try
        {
            for (var i = 0; i < Commands; i++)
            {
                await bus.SendAsync(new Hold(i, HoldPoint.InCommandHandler));
            }

            await gate.Entered.WaitAsync(Patience.Timeout);

            var shutdown = shutDown();
            Assert.False(shutdown.IsCompleted, "Shutdown finished while handlers were still at the gate.");
            await Task.Run(gate.Open);
            await shutdown.WaitAsync(Patience.Timeout);
        }
        finally
        {
            gate.Open();
        }

        Assert.Empty(deadLetters.Snapshot());
        Assert.Equal(Enumerable.Range(0, Commands), recorder.Of<HoldHandler>().Select(delivery => ((Hold)delivery.Message).Number).Order());
        Assert.Equal(Enumerable.Range(0, Commands), recorder.Of<HeldHandler>().Select(delivery => ((Held)delivery.Message).Number).Order());
    }
}
