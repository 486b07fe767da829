namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>A clock that stands still where a test puts it.</summary>
internal sealed class MovableClock(DateTimeOffset now) : TimeProvider
{
    public DateTimeOffset Now { get; set; } = now;

    public override DateTimeOffset GetUtcNow() => Now;
}
