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
    public void A_reading_is_taken_once_and_only_for_its_delivery()
    {
        var first = Delivery();
        var second = Delivery();

        ClockReadings.Keep(first, 42);

        Assert.Equal(0, ClockReadings.Take(second));
        Assert.Equal(42, ClockReadings.Take(first));
        Assert.Equal(0, ClockReadings.Take(first));
    }

    [Fact]
    public void A_later_reading_replaces_the_one_before()
    {
        var first = Delivery();
        var second = Delivery();

        ClockReadings.Keep(first, 1);
        ClockReadings.Keep(second, 2);

        Assert.Equal(0, ClockReadings.Take(first));
        Assert.Equal(2, ClockReadings.Take(second));
    }

    [Fact]
    public void The_precise_clock_tells_the_wall_clock_time_of_a_timestamp()
    {
        var before = DateTimeOffset.UtcNow;
        var timestamp = Stopwatch.GetTimestamp();
        var after = DateTimeOffset.UtcNow;

        // Anchored to the wall clock each second; between anchors the two clocks keep the same rate.
        Assert.InRange(PreciseClock.UtcAt(timestamp), before.AddMilliseconds(-1), after.AddMilliseconds(1));
    }

    private static DeliveryContext Delivery() =>
        new(emitter: null!, new TransportMessage { MessageId = Guid.NewGuid(), CorrelationId = Guid.NewGuid(), WireName = "tests.v1.any" });
}
