namespace Cqrs.Benchtest.Messages;

/// <summary>The benchtest's event: a number was recorded. Two handlers receive it.</summary>
/// <param name="Sequence">The operation's index in the run, copied from the command.</param>
/// <param name="Number">The number recorded.</param>
[WireName("bench.v1.number-recorded")]
public sealed record NumberRecorded(
    [property: Key(0)] int Sequence,
    [property: Key(1)] int Number) : IEvent;
