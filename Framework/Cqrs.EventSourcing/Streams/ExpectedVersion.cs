namespace Cqrs.EventSourcing;

/// <summary>What an append expects of its stream: that it does not exist, that it is at an exact version, or nothing.</summary>
public readonly record struct ExpectedVersion
{
    private const long AnyValue = -1;

    private ExpectedVersion(long value) => Value = value;

    /// <summary>The stream must not exist yet (it has no events).</summary>
    public static ExpectedVersion NoStream { get; } = new(0);

    /// <summary>Any version: the append never conflicts.</summary>
    public static ExpectedVersion Any { get; } = new(AnyValue);

    /// <summary>The exact version expected (0 for a stream with no events), or -1 for <see cref="Any"/>.</summary>
    public long Value { get; }

    /// <summary>True for <see cref="Any"/>.</summary>
    public bool IsAny => Value == AnyValue;

    /// <summary>The stream must hold exactly <paramref name="version"/> events.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="version"/> is negative.</exception>
    public static ExpectedVersion Exactly(long version)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(version);
        return new ExpectedVersion(version);
    }

    /// <summary>True when a stream now at <paramref name="actual"/> meets this expectation.</summary>
    public bool IsMetBy(long actual) => IsAny || Value == actual;

    /// <inheritdoc/>
    public override string ToString() => IsAny ? "any" : Value == 0 ? "no stream" : Value.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
