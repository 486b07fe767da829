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
    public void Of_ALaneOperationFirstRunAfterALaterOne_IsAnOrderViolation_ButARepeatIsNot()
    {
        var id = Guid.NewGuid();

        // Lane 1 runs 0 then 2, then 0 again (a redelivery); lane 2 runs 3 before 1.
        var audit = HandlerRunAudit.Of(
            [new(First, 0, id, Lane: 1, At: 10), new(First, 2, id, Lane: 1, At: 20), new(First, 0, id, Lane: 1, At: 30),
             new(First, 3, id, Lane: 2, At: 40), new(First, 1, id, Lane: 2, At: 50), new(Second, 1, id, Lane: 2, At: 60), new(Second, 3, id, Lane: 2, At: 70)],
            operations: 4);

        Assert.Equal((1, 2), (audit.OrderViolations, audit.Lanes));
    }

    [Fact]
    public void Completed_CountsOperationsEveryHandlerRanFor()
    {
        var id = Guid.NewGuid();

        Assert.Equal(1, HandlerRunAudit.Completed([new(First, 0, id), new(Second, 0, id), new(First, 1, id), new(First, 2, id), new(First, 2, id)]));
    }
}
