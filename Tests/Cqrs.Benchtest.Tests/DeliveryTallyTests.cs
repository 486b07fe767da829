using Cqrs.Benchtest.ScaleOut;

namespace Cqrs.Benchtest.Tests;

public sealed class DeliveryTallyTests
{
    [Fact]
    public void Of_OperationsSharedBetweenConsumers_CountsEachConsumersShare_AndNothingLostOrDoubled()
    {
        var tally = DeliveryTally.Of([[2, 0, 2], [0, 2, 0]], first: 0, count: 3, handlersPerOperation: 2);

        Assert.Equal([2, 1], tally.CompletedPerConsumer);
        Assert.Equal((0, 0), (tally.Lost, tally.Duplicates));
    }

    [Fact]
    public void Of_AnOperationHandledByTwoConsumers_CountsItsExtraRunsAsDuplicates()
    {
        var tally = DeliveryTally.Of([[2, 2], [0, 2]], first: 0, count: 2, handlersPerOperation: 2);

        Assert.Equal((0, 2), (tally.Lost, tally.Duplicates));
        Assert.Equal([2, 1], tally.CompletedPerConsumer);
    }

    [Fact]
    public void Of_AnOperationWithTooFewHandlerRuns_IsLost()
    {
        var tally = DeliveryTally.Of([[1, 0, 2]], first: 0, count: 3, handlersPerOperation: 2);

        Assert.Equal((2, 0), (tally.Lost, tally.Duplicates));
    }

    [Fact]
    public void Of_OnlyCountsTheRangeAsked()
    {
        var tally = DeliveryTally.Of([[0, 3, 2, 2]], first: 2, count: 2, handlersPerOperation: 2);

        Assert.Equal((0, 0), (tally.Lost, tally.Duplicates));
        Assert.Equal([2], tally.CompletedPerConsumer);
    }

    [Fact]
    public void Of_RunsShorterThanTheRange_Throws() =>
        Assert.Throws<ArgumentException>(() => DeliveryTally.Of([[2, 2]], first: 1, count: 2, handlersPerOperation: 2));
}
