namespace Cqrs.Benchtest.Tests;

public sealed class FigureSpreadTests
{
    [Fact]
    public void Of_AnOddCount_TakesTheMiddleValueAndTheFarthestFromIt()
    {
        var spread = FigureSpread.Of([110, 90, 120, 100, 105]);

        Assert.Equal((105d, 90d, 120d), (spread.Median, spread.Min, spread.Max));
        Assert.Equal(100 * 15 / 105d, spread.MaxDeviationPercent, 9);
    }

    [Fact]
    public void Of_AnEvenCount_TakesTheMeanOfTheTwoMiddleValues()
    {
        var spread = FigureSpread.Of([4, 1, 3, 2]);

        Assert.Equal(2.5, spread.Median);
        Assert.Equal(60, spread.MaxDeviationPercent, 9);
    }

    [Fact]
    public void Of_NoValues_Throws() => Assert.Throws<ArgumentException>(() => FigureSpread.Of([]));
}
