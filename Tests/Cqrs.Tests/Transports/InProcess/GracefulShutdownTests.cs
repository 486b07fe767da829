using Cqrs.Tests.Domain.Archiving;
using Cqrs.Tests.Domain.Holding;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>Disposing the container waits for operations under way and loses none of them.</summary>
public sealed class GracefulShutdownTests
{
    private const int Commands = 20;

    [Theory]
    [InlineData(ServiceLifetime.Singleton)]
    [InlineData(ServiceLifetime.Scoped)]
    public async Task Dispose_WithOperationsUnderWay_WaitsForThemAndLosesNone(ServiceLifetime handlerLifetime)
    {
        await using var provider = TestHost.Create(options => options.HandlerLifetime = handlerLifetime);
        var gate = provider.GetRequiredService<Gate>();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();
        var bus = provider.GetRequiredService<ICommandBus>();
        for (var i = 0; i < Commands; i++)
        {
            await bus.SendAsync(new Hold(i, HoldPoint.InCommandHandler));
        }

        await gate.Entered.WaitAsync(Patience.Timeout);

        var disposal = provider.DisposeAsync().AsTask();
        Assert.False(disposal.IsCompleted, "Disposal finished while handlers were still at the gate.");
        await Task.Run(gate.Open);
        await disposal.WaitAsync(Patience.Timeout);

        Assert.Empty(deadLetters.Snapshot());
        Assert.Equal(Enumerable.Range(0, Commands), recorder.Of<HoldHandler>().Select(delivery => ((Hold)delivery.Message).Number).Order());
        Assert.Equal(Enumerable.Range(0, Commands), recorder.Of<HeldHandler>().Select(delivery => ((Held)delivery.Message).Number).Order());
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
        await bus.SendAsync(new ArchiveReport(7));
        await gate.Entered.WaitAsync(Patience.Timeout);

        var disposal = provider.DisposeAsync().AsTask();
        await Task.Run(gate.Open);
        await disposal.WaitAsync(Patience.Timeout);

        Assert.Empty(deadLetters.Snapshot());
        Assert.Equal([7], ledger.Entries);
    }
}
