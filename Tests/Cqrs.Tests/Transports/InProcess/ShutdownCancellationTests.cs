using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Cancelling;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>
/// Past the shutdown timeout, queued handlers see their token fire, and what they did not handle is dead-lettered
/// with its reason: for an event, only for the handlers that did not handle it. Nothing is dropped.
/// </summary>
public sealed class ShutdownCancellationTests
{
    private const int Queued = 3;

    [Fact]
    public async Task Stop_PastTheShutdownTimeout_CancelsHandlersAndDeadLettersWhatTheyDidNotHandle()
    {
        var provider = TestHost.Create(options =>
        {
            options.InProcess.Concurrency = 1;
            options.InProcess.ShutdownTimeout = TimeSpan.FromMilliseconds(200);
        });
        var bus = provider.GetRequiredService<IEventBus>();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();

        var first = await bus.PublishAsync(new Lingered(0));
        await provider.GetRequiredService<Gate>().Entered.WaitAsync(Patience.Timeout);
        var queued = new List<Guid>();
        for (var i = 1; i <= Queued; i++)
        {
            queued.Add((await bus.PublishAsync(new Lingered(i))).MessageId);
        }

        await provider.DisposeAsync().AsTask().WaitAsync(Patience.Timeout);

        var letters = deadLetters.Snapshot();
        Assert.All(letters, letter => Assert.Equal(DeadLetterReasons.Shutdown, letter.Reason));
        var forTheLingeringHandler = Assert.Single(letters, letter => letter.MessageId == first.MessageId);
        Assert.Equal(typeof(LingeringHandler).FullName, forTheLingeringHandler.Handler);
        Assert.Equal(queued, letters.Where(letter => letter.MessageId != first.MessageId).Select(letter => letter.MessageId));
        Assert.All(letters.Where(letter => letter.MessageId != first.MessageId), letter => Assert.Null(letter.Handler));
        Assert.Equal([first.MessageId], recorder.Of<QuickLingeredHandler>().Select(delivery => delivery.MessageId));
    }
}
