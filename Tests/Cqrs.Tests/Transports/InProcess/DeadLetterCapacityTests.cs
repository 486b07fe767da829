using Cqrs.Tests.Support;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>The in-process dead-letter queue holds a bounded number: past it the oldest go, counted and logged.</summary>
public sealed class DeadLetterCapacityTests
{
    [Fact]
    public void Add_PastTheCapacity_DropsTheOldestAndLogsEachWithItsId()
    {
        var logger = new RecordingLogger<InProcessDeadLetterQueue>();
        var queue = new InProcessDeadLetterQueue(capacity: 3, logger);
        var letters = Enumerable.Range(0, 5).Select(_ => Letter(Guid.NewGuid())).ToList();

        letters.ForEach(queue.Add);

        Assert.Equal(letters[2..], queue.Snapshot());
        Assert.Equal((3, 2L), (queue.Count, queue.Dropped));
        Assert.Collection(
            logger.Entries,
            entry => Assert.Equal((LogLevel.Error, true), (entry.Level, entry.Message.Contains(letters[0].MessageId.ToString(), StringComparison.Ordinal))),
            entry => Assert.Equal((LogLevel.Error, true), (entry.Level, entry.Message.Contains(letters[1].MessageId.ToString(), StringComparison.Ordinal))));
    }

    [Fact]
    public async Task DeadLetterCapacityOption_BoundsTheContainersQueue()
    {
        await using var provider = TestHost.Create(options => options.InProcess.DeadLetterCapacity = 2);
        var transport = provider.GetRequiredService<ITransport>();
        var ids = Enumerable.Range(0, 3).Select(_ => Guid.NewGuid()).ToList();

        foreach (var id in ids)
        {
            await transport.DeadLetterAsync(new TransportMessage { MessageId = id, CorrelationId = id, WireName = "tests.v1.unknown" }, "Test", "capacity", CancellationToken.None);
        }

        var queue = provider.GetRequiredService<InProcessDeadLetterQueue>();
        Assert.Equal(ids[1..], queue.Snapshot().Select(letter => letter.MessageId));
        Assert.Equal(1, queue.Dropped);
    }

    [Fact]
    public void DefaultCapacity_IsTenThousand()
    {
        var queue = new InProcessDeadLetterQueue();
        var first = Letter(Guid.NewGuid());

        queue.Add(first);
        for (var i = 1; i < 10_000; i++)
        {
            queue.Add(first with { MessageId = Guid.NewGuid() });
        }

        Assert.Equal((10_000, 0L), (queue.Count, queue.Dropped));
        queue.Add(first with { MessageId = Guid.NewGuid() });
        Assert.Equal((10_000, 1L), (queue.Count, queue.Dropped));
        Assert.DoesNotContain(first, queue.Snapshot());
    }

    private static DeadLetter Letter(Guid id) => new("tests.v1.unknown", id, id, "Test", "capacity", Handler: null, ReadOnlyMemory<byte>.Empty, Message: null);
}
