using Cqrs.Benchtest.ScaleOut;

namespace Cqrs.Benchtest.Tests;

public sealed class EffectAuditTests
{
    private static readonly string First = HandlerRunAudit.EventHandlers[0];
    private static readonly string Second = HandlerRunAudit.EventHandlers[1];
    private static readonly Guid Id = Guid.NewGuid();
    private static readonly HashSet<int> NoneKilled = [];

    [Fact]
    public void Of_EveryEventHandlerOnceForEveryOperation_HasNeitherLostNorRepeatedEffects()
    {
        LoggedEffect[] effects = [new(First, 0, Id, 1, At: 10), new(Second, 0, Id, 2, At: 10)];

        var audit = EffectAudit.Of(effects, [new(First, 0, Id, 1, At: 20), new(Second, 0, Id, 2, At: 20)], NoneKilled, operations: 1);

        Assert.Equal(new EffectAudit(Effects: 2, Lost: 0, Repeats: 0, RepeatsAfterKills: 0, RepeatsConcurrent: 0, RepeatsUnexplained: 0), audit);
    }

    [Fact]
    public void Of_AnOperationAnEventHandlerNeverHadItsEffectFor_IsLost()
    {
        var audit = EffectAudit.Of([new(First, 0, Id, 1, 10), new(Second, 0, Id, 1, 10), new(First, 1, Id, 1, 10)], [], NoneKilled, operations: 2);

        Assert.Equal(1, audit.Lost);
    }

    [Fact]
    public void Of_ARepeatAfterAConsumerKilledBeforeItsRecord_IsARepeatAfterAKill()
    {
        // Incarnation 1 did the work and was killed before the inbox recorded it; incarnation 2 did it again, and recorded it.
        var audit = EffectAudit.Of([new(First, 0, Id, 1, At: 10), new(First, 0, Id, 2, At: 50)], [new(First, 0, Id, 2, At: 60)], killed: new HashSet<int> { 1 }, operations: 1);

        Assert.Equal((1, 1, 0, 0), (audit.Repeats, audit.RepeatsAfterKills, audit.RepeatsConcurrent, audit.RepeatsUnexplained));
    }

    [Fact]
    public void Of_ARepeatCheckedBeforeTheFirstWasRecorded_IsConcurrent()
    {
        // Two live processes: the second checked (at 15) before the first's record was written (at 20).
        var audit = EffectAudit.Of(
            [new(First, 0, Id, 1, At: 10), new(First, 0, Id, 2, At: 15)], [new(First, 0, Id, 1, At: 20), new(First, 0, Id, 2, At: 25)], NoneKilled, operations: 1);

        Assert.Equal((1, 0, 1, 0), (audit.Repeats, audit.RepeatsAfterKills, audit.RepeatsConcurrent, audit.RepeatsUnexplained));
    }

    [Fact]
    public void Of_ARepeatCheckedAfterTheFirstWasRecorded_IsUnexplained()
    {
        var audit = EffectAudit.Of([new(First, 0, Id, 1, At: 10), new(First, 0, Id, 2, At: 30)], [new(First, 0, Id, 1, At: 20)], NoneKilled, operations: 1);

        Assert.Equal((1, 0, 0, 1), (audit.Repeats, audit.RepeatsAfterKills, audit.RepeatsConcurrent, audit.RepeatsUnexplained));
    }

    [Fact]
    public void Of_ARepeatAfterAKilledConsumerHadLoggedItsRecord_IsUnexplained()
    {
        // Killed, but only after the inbox had recorded the work: the next delivery should have been skipped.
        var audit = EffectAudit.Of([new(First, 0, Id, 1, At: 10), new(First, 0, Id, 2, At: 30)], [new(First, 0, Id, 1, At: 20)], killed: new HashSet<int> { 1 }, operations: 1);

        Assert.Equal((1, 0, 0, 1), (audit.Repeats, audit.RepeatsAfterKills, audit.RepeatsConcurrent, audit.RepeatsUnexplained));
    }

    [Fact]
    public void Of_ARepeatAfterOneKillButAlsoAfterALaterRecord_IsUnexplained()
    {
        // Incarnation 1 was killed before its record; 2 did it again and recorded it; 3 did it a third time after that record.
        var audit = EffectAudit.Of(
            [new(First, 0, Id, 1, At: 10), new(First, 0, Id, 2, At: 30), new(First, 0, Id, 3, At: 50)], [new(First, 0, Id, 2, At: 40)], killed: new HashSet<int> { 1 }, operations: 1);

        Assert.Equal((2, 1, 0, 1), (audit.Repeats, audit.RepeatsAfterKills, audit.RepeatsConcurrent, audit.RepeatsUnexplained));
    }
}
