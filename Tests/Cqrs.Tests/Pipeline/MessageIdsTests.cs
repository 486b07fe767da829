using Cqrs.Pipeline;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.Tests.Pipeline;

/// <summary>Message ids (UUIDv7) and their send times, from the precise clock and from the coarse one of direct dispatch.</summary>
public sealed class MessageIdsTests
{
    /// <summary>The coarse tick's resolution at its worst (Windows); Linux ticks are 1 to 10 ms.</summary>
    private static readonly TimeSpan Tick = TimeSpan.FromMilliseconds(16);

    public static TheoryData<string> Clocks => ["precise", "coarse"];

    [Theory]
    [MemberData(nameof(Clocks))]
    public void Next_GivesVersion7IdsThatCarryTheirMillisecondAndGiveItBack(string clock)
    {
        var stamps = Enumerable.Range(0, 1000).Select(_ => Next(clock)).ToList();

        Assert.Equal(stamps.Count, stamps.Select(stamp => stamp.MessageId).Distinct().Count());
        Assert.All(stamps, stamp =>
        {
            Assert.Equal(7, stamp.MessageId.Version);
            Assert.Equal(stamp.Time.ToUnixTimeMilliseconds(), UnixMillisecondsOf(stamp.MessageId));
        });
    }

    [Theory]
    [MemberData(nameof(Clocks))]
    public void Next_TakesItsTimeWithinATickOfTheWallClock(string clock)
    {
        var before = DateTimeOffset.UtcNow;
        var stamp = Next(clock);
        var after = DateTimeOffset.UtcNow;

        Assert.Equal(TimeSpan.Zero, stamp.Time.Offset);
        Assert.InRange(stamp.Time, before - Tick, after + Tick);
    }

    [Fact]
    public void CoarseClock_AfterMoreThanASecond_StillFollowsTheWallClock()
    {
        var wallClock = new FakeTimeProvider();
        var tick = 5_000L;
        var clock = new CoarseClock(wallClock, () => tick);
        var first = clock.UtcNow;

        // The wall clock runs ahead of the tick (set forward, say): a second on, the coarse clock is anchored to it again.
        tick += 1_100;
        wallClock.Advance(TimeSpan.FromSeconds(1.5));

        Assert.Equal(wallClock.GetUtcNow(), clock.UtcNow);
        Assert.Equal(first + TimeSpan.FromSeconds(1.5), clock.UtcNow);
    }

    [Fact]
    public async Task Next_OnManyThreadsAtOnce_GivesUniqueWellFormedIds()
    {
        const int Threads = 8;
        const int IdsPerThread = 20_000; // past a refill of each thread's random bytes
        using var start = new Barrier(Threads);

        var batches = await Task.WhenAll(Enumerable.Range(0, Threads).Select(_ => Task.Factory.StartNew(
            () =>
            {
                start.SignalAndWait();
                return Enumerable.Range(0, IdsPerThread).Select(_ => MessageIds.Next(TimeProvider.System).MessageId).ToList();
            },
            TaskCreationOptions.LongRunning))).WaitAsync(TimeSpan.FromSeconds(60));

        var ids = batches.SelectMany(batch => batch).ToList();
        Assert.Equal(Threads * IdsPerThread, ids.Distinct().Count());
        Assert.All(ids, id =>
        {
            Assert.Equal(7, id.Version);
            Assert.Equal(0b10, id.ToByteArray(bigEndian: true)[8] >> 6); // the RFC 9562 variant
        });
    }

    /// <summary>Ids key inboxes: one id must not tell the next, as a random start plus a sequence would.</summary>
    [Fact]
    public void Next_RandomBitsOfSuccessiveIds_AreNotCloseToEachOther()
    {
        var randomBits = Enumerable.Range(0, 1000).Select(_ => RandomBitsOf(MessageIds.Next(TimeProvider.System).MessageId)).ToList();

        var close = randomBits.Zip(randomBits.Skip(1)).Count(pair => Math.Abs((long)(pair.Second - pair.First)) < (1L << 40));

        Assert.True(close <= 2, $"{close} of 999 successive ids differ by less than 2^40 in their last 62 bits.");
    }

    [Fact]
    public void CoarseClock_WhenTheWallClockStepsBack_NeverStepsBack()
    {
        var wallClock = new FakeTimeProvider();
        var tick = 5_000L;
        var clock = new CoarseClock(wallClock, () => tick);
        var before = clock.UtcNow;

        // Two seconds of ticks while the wall clock stands still: against the tick, it stepped back two seconds.
        tick += 2_000;
        var later = clock.UtcNow;

        Assert.Equal(before + TimeSpan.FromSeconds(2), later);
    }

    [Fact]
    public async Task CoarseClock_ReadOnManyThreadsAcrossReanchoring_NeverStepsBack()
    {
        var readers = Enumerable.Range(0, 4).Select(_ => Task.Factory.StartNew(
            () =>
            {
                var first = CoarseClock.System.UtcNow;
                var last = first;
                var backwards = 0;
                while (last - first < TimeSpan.FromSeconds(1.2)) // past at least one new anchor
                {
                    var now = CoarseClock.System.UtcNow;
                    backwards += now < last ? 1 : 0;
                    last = now > last ? now : last;
                }

                return backwards;
            },
            TaskCreationOptions.LongRunning));

        Assert.All(await Task.WhenAll(readers).WaitAsync(TimeSpan.FromSeconds(60)), backwards => Assert.Equal(0, backwards));
    }

    private static MessageStamp Next(string clock) => clock == "coarse" ? MessageIds.NextCoarse() : MessageIds.Next(TimeProvider.System);

    /// <summary>The last 62 bits of a UUIDv7, after its variant.</summary>
    private static ulong RandomBitsOf(Guid id) =>
        System.Buffers.Binary.BinaryPrimitives.ReadUInt64BigEndian(id.ToByteArray(bigEndian: true).AsSpan(8)) & 0x3FFF_FFFF_FFFF_FFFF;

    /// <summary>The first 48 bits of a UUIDv7, in its big-endian byte order.</summary>
    internal static long UnixMillisecondsOf(Guid id)
    {
        var bytes = id.ToByteArray(bigEndian: true);
        return bytes.Take(6).Aggregate(0L, (value, next) => (value << 8) | next);
    }
}
