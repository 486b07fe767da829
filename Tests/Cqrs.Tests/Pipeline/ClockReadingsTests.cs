using System.Diagnostics;
using Cqrs.Diagnostics;
using Cqrs.Pipeline;
using Cqrs.Transports;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// One clock read serves a delivery's lag and its first handler's start, and each handler's end the next one's start:
/// only for the delivery the reading was taken for, and only once.
/// </summary>
public sealed class ClockReadingsTests
{
    [Fact]
    public void Reading_ForADelivery_IsTakenOnceAndOnlyForIt()
    {
        var first = Delivery();
        var second = Delivery();

        ClockReadings.Keep(first, 42);

        Assert.Equal(0, ClockReadings.Take(second));
        Assert.Equal(42, ClockReadings.Take(first));
        Assert.Equal(0, ClockReadings.Take(first));
    }

    [Fact]
    public void Reading_Later_ReplacesTheOneBefore()
    {
        var first = Delivery();
        var second = Delivery();

        ClockReadings.Keep(first, 1);
        ClockReadings.Keep(second, 2);

        Assert.Equal(0, ClockReadings.Take(first));
        Assert.Equal(2, ClockReadings.Take(second));
    }

    [Fact]
    public void PreciseClock_ForATimestamp_TellsItsWallClockTime()
    {
        var before = DateTimeOffset.UtcNow;
        var timestamp = Stopwatch.GetTimestamp();
        var after = DateTimeOffset.UtcNow;

        // Anchored to the wall clock each second; between anchors the two clocks keep the same rate.
        Assert.InRange(PreciseClock.UtcAt(timestamp), before.AddMilliseconds(-1), after.AddMilliseconds(1));
    }

    private static DeliveryContext Delivery() =>
        new(sends: null!, new TransportMessage { MessageId = Guid.NewGuid(), CorrelationId = Guid.NewGuid(), WireName = "tests.v1.any" });
}
