namespace Cqrs.Tests.Support;

/// <summary>A clock that always reads <paramref name="now"/>: a time no real clock would give.</summary>
internal sealed class FixedClock(DateTimeOffset now) : TimeProvider
{
    public override DateTimeOffset GetUtcNow() => now;
}
