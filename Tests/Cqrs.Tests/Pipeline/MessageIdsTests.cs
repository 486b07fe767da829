using Cqrs.Pipeline;

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
            Assert.Equal(DateTimeOffset.FromUnixTimeMilliseconds(stamp.Time.ToUnixTimeMilliseconds()), MessageIds.TimeOf(stamp.MessageId));
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
        var first = CoarseClock.UtcNow;
        Thread.Sleep(TimeSpan.FromSeconds(1.1));
        var before = DateTimeOffset.UtcNow;
        var later = CoarseClock.UtcNow;
        var after = DateTimeOffset.UtcNow;

        Assert.InRange(later, before - Tick, after + Tick);
        Assert.True(later - first >= TimeSpan.FromSeconds(1.1) - (2 * Tick), $"{first:O} then {later:O}");
    }

    private static MessageStamp Next(string clock) => clock == "coarse" ? MessageIds.NextCoarse() : MessageIds.Next();

    /// <summary>The first 48 bits of a UUIDv7, in its big-endian byte order.</summary>
    private static long UnixMillisecondsOf(Guid id)
    {
        var bytes = id.ToByteArray(bigEndian: true);
        return bytes.Take(6).Aggregate(0L, (value, next) => (value << 8) | next);
    }
}
