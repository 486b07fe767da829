namespace Cqrs.Benchtest.Messages;

/// <summary>The benchtest's command: record a random number. Its handler raises <see cref="NumberRecorded"/>.</summary>
/// <param name="Sequence">The operation's index in the run, which keys its latency slot.</param>
/// <param name="Number">A random number in [0, <see cref="NumberLimit"/>).</param>
[WireName("bench.v1.record-number")]
public sealed record RecordNumber(
    [property: Key(0)] int Sequence,
    [property: Key(1)] int Number) : ICommand
{
    /// <summary>Numbers are drawn from [0, NumberLimit).</summary>
    public const int NumberLimit = 1_000_000;
}
