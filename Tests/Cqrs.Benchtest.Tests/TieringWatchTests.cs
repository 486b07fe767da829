using Cqrs.Benchtest.Engine;

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

    [Fact]
    public void IdleUntil_BusyAtTheStart_IsFalse() =>
        Assert.False(new TieringWatch.Reading(Busy: true, DelayStarts: 3).IdleUntil(new TieringWatch.Reading(Busy: false, DelayStarts: 3)));

    [Fact]
    public void IdleUntil_BusyAtTheEnd_IsFalse() =>
        Assert.False(new TieringWatch.Reading(Busy: false, DelayStarts: 3).IdleUntil(new TieringWatch.Reading(Busy: true, DelayStarts: 3)));

    [Fact]
    public void IdleUntil_DelayStartedAndEndedBetween_IsFalse() =>
        Assert.False(new TieringWatch.Reading(Busy: false, DelayStarts: 3).IdleUntil(new TieringWatch.Reading(Busy: false, DelayStarts: 4)));
}
