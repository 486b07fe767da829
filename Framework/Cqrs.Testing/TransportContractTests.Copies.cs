using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>
/// The copies the pipeline makes of a delivery, for a delayed retry: each reaches its handler exactly once more, under
/// the message's own id, on a transport whose broker drops a repeated id (Service Bus with duplicate detection) too.
/// </summary>
public abstract partial class TransportContractTests
{
    /// <summary>A command handler that fails once is handled once more, by its delayed retry, and sees the command's id both times.</summary>
    [Fact]
    public async Task Send_CommandHandlerFailingOnceWithADelayedRetry_IsHandledOnceMoreUnderTheCommandsId()
    {
        await using var provider = CreateProvider(options => RetryOnce(options, "delayed"));
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(new FlakyCommand(Guid.NewGuid(), Failures: 1));

        await recorder.WaitForAsync<FlakyCommandHandler>(2);
        await provider.DisposeAsync();
        Assert.Equal([sent.MessageId, sent.MessageId], recorder.Of<FlakyCommandHandler>().Select(call => call.MessageId));
        Assert.Empty(deadLetters());
    }

    /// <summary>
    /// Of an event's three handlers, the one that fails once is handled once more, by a delayed retry aimed at it alone,
    /// under the event's id; the other two are handled once.
    /// </summary>
    [Fact]
    public async Task Publish_EventHandlerFailingOnceWithADelayedRetry_IsHandledOnceMoreAndTheOthersOnce()
    {
        await using var provider = CreateProvider(options => RetryOnce(options, "delayed"));
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        var sent = await provider.GetRequiredService<IEventBus>().PublishAsync(new FlakyEvent(Guid.NewGuid(), Failures: 1));

        await recorder.WaitForAsync<FlakyEventHandler>(2);
        await recorder.WaitForAsync<FirstSteadyHandler>();
        await recorder.WaitForAsync<SecondSteadyHandler>();
        await provider.DisposeAsync();
        Assert.Equal([sent.MessageId, sent.MessageId], recorder.Of<FlakyEventHandler>().Select(call => call.MessageId));
        Assert.Equal(sent.MessageId, Assert.Single(recorder.Of<FirstSteadyHandler>()).MessageId);
        Assert.Equal(sent.MessageId, Assert.Single(recorder.Of<SecondSteadyHandler>()).MessageId);
        Assert.Empty(deadLetters());
    }
}
