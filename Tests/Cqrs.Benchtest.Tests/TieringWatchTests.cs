using Cqrs.Benchtest;

namespace Cqrs.Benchtest.Tests;

/// <summary>
/// A warm-up round counts as settled only if the runtime's tiering was idle throughout it: a round that compiled
/// nothing because the tiering delay was on has not warmed the hot path up.
/// </summary>
public sealed class TieringWatchTests
{
    [Fact]
    public void IdleUntil_IdleAtBothEndsWithNoDelayBetween_IsTrue() =>
        Assert.True(new TieringWatch.Reading(Busy: false, DelayStarts: 3).IdleUntil(new TieringWatch.Reading(Busy: false, DelayStarts: 3)));

    [Theory]
    [InlineData(true, false, 3)] // busy at the start
    [InlineData(false, true, 3)] // busy at the end
    [InlineData(false, false, 4)] // the delay started, and ended, in between
    public void IdleUntil_BusyAtEitherEndOrDelayedBetween_IsFalse(bool busyBefore, bool busyAfter, int delayStartsAfter) =>
        Assert.False(new TieringWatch.Reading(busyBefore, DelayStarts: 3).IdleUntil(new TieringWatch.Reading(busyAfter, delayStartsAfter)));
}
