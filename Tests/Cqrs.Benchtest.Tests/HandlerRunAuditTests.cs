using Cqrs.Benchtest.ScaleOut;

namespace Cqrs.Benchtest.Tests;

public sealed class HandlerRunAuditTests
{
    private static readonly string First = HandlerRunAudit.EventHandlers[0];
    private static readonly string Second = HandlerRunAudit.EventHandlers[1];

    [Fact]
    public void Of_EveryHandlerOnceForEveryOperation_IsNeitherLostNorRepeated()
    {
        var (one, two) = (Guid.NewGuid(), Guid.NewGuid());

        var audit = HandlerRunAudit.Of([new(First, 0, one), new(Second, 0, one), new(First, 1, two), new(Second, 1, two)], operations: 2);

        Assert.Equal(new HandlerRunAudit(2, Lost: 0, HandlerRuns: 4, Repeats: 0, RepeatsUnderNewIds: 0), audit);
    }

    [Fact]
    public void Of_AnOperationAHandlerNeverRanFor_IsLost()
    {
        var id = Guid.NewGuid();

        var audit = HandlerRunAudit.Of([new(First, 0, id), new(Second, 0, id), new(First, 1, Guid.NewGuid())], operations: 3);

        Assert.Equal(2, audit.Lost);
    }

    [Fact]
    public void Of_ARepeatOnTheSameMessage_IsARepeatUnderAKnownId()
    {
        var id = Guid.NewGuid();

        var audit = HandlerRunAudit.Of([new(First, 0, id), new(Second, 0, id), new(First, 0, id)], operations: 1);

        Assert.Equal((1, 0), (audit.Repeats, audit.RepeatsUnderNewIds));
    }

    [Fact]
    public void Of_ARepeatOnAnotherMessageOfTheSameOperation_IsARepeatUnderANewId()
    {
        // A command handler run again after a crash published the operation's event a second time, under a fresh id.
        var (original, republished) = (Guid.NewGuid(), Guid.NewGuid());

        var audit = HandlerRunAudit.Of(
            [new(First, 0, original), new(Second, 0, original), new(First, 0, republished), new(Second, 0, republished), new(First, 0, republished)],
            operations: 1);

        Assert.Equal((0, 3, 2), (audit.Lost, audit.Repeats, audit.RepeatsUnderNewIds));
    }

    [Fact]
    public void Completed_CountsOperationsEveryHandlerRanFor()
    {
        var id = Guid.NewGuid();

        Assert.Equal(1, HandlerRunAudit.Completed([new(First, 0, id), new(Second, 0, id), new(First, 1, id), new(First, 2, id), new(First, 2, id)]));
    }
}
