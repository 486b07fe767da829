using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Holding;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// Direct dispatch reuses a thread's in-line contexts once their handlers are done: a handler still running keeps its
/// own, and each message of a chain handled in line has its own, whichever contexts the thread had free.
/// </summary>
public sealed class InlineContextReuseTests
{
    [Fact]
    public async Task DirectSend_WhileAnEarlierHandlerWaits_LeavesTheWaitingHandlersContextItsOwn()
    {
        await using var provider = TestHost.Create(options => options.DirectDispatch = true);
        var bus = provider.GetRequiredService<ICommandBus>();
        var gate = provider.GetRequiredService<Gate>();
        var recorder = provider.GetRequiredService<Recorder>();
        provider.GetRequiredService<Tally>().Expect(1);

        var waiting = bus.SendAsync(new Hold(1, HoldPoint.InCommandHandler));
        Assert.False(waiting.IsCompleted);

        // On this thread, in the same synchronous run: a context freed too early would be this send's.
        var other = await bus.SendAsync(new Ping(1));
        gate.Open();
        var held = await waiting;

        var calls = await recorder.WaitForAsync<HoldHandler>();
        Assert.Equal(held.MessageId, Assert.Single(calls).MessageId);
        Assert.NotEqual(other.MessageId, calls[0].MessageId);
        Assert.Equal(held.MessageId, Assert.Single(await recorder.WaitForAsync<HeldHandler>()).CausationId);
    }

    /// <summary>A handler that publishes without waiting returns first: its context is free again while its event is still handled.</summary>
    [Fact]
    public async Task DirectSend_OfAnEventNotAwaited_KeepsItsCausationId_WhenTheCausesContextIsReused()
    {
        await using var provider = TestHost.Create(options => options.DirectDispatch = true);
        var bus = provider.GetRequiredService<ICommandBus>();
        var gate = provider.GetRequiredService<Gate>();
        var recorder = provider.GetRequiredService<Recorder>();
        provider.GetRequiredService<Tally>().Expect(1);

        var held = await bus.SendAsync(new Hold(1, HoldPoint.InEventHandlerNotAwaited));
        await bus.SendAsync(new Ping(1));
        gate.Open();

        Assert.Equal(held.MessageId, Assert.Single(await recorder.WaitForAsync<HeldHandler>()).CausationId);
    }

    [Fact]
    public async Task DirectSend_OfCommandsRaisingEventsInLine_GivesEachMessageItsOwnContext()
    {
        await using var provider = TestHost.Create(options => options.DirectDispatch = true);
        var bus = provider.GetRequiredService<ICommandBus>();
        var recorder = provider.GetRequiredService<Recorder>();
        provider.GetRequiredService<Gate>().Open();

        List<SentMessage> sent = [];
        for (var number = 0; number < 3; number++)
        {
            sent.Add(await bus.SendAsync(new Hold(number, HoldPoint.InCommandHandler)));
        }

        var commands = recorder.Of<HoldHandler>();
        var events = recorder.Of<HeldHandler>();
        for (var number = 0; number < 3; number++)
        {
            var command = Assert.Single(commands, call => ((Hold)call.Message).Number == number);
            var @event = Assert.Single(events, call => ((Held)call.Message).Number == number);
            Assert.Equal(sent[number].MessageId, command.MessageId);
            Assert.Equal(Guid.Empty, command.CausationId);
            Assert.Equal(command.MessageId, @event.CausationId);
            Assert.NotEqual(command.MessageId, @event.MessageId);
            Assert.Equal(sent[number].CorrelationId, @event.CorrelationId);
        }
    }
}
