namespace Cqrs.Benchtest.Messages;

/// <summary>The benchtest's event: a number was recorded. Two handlers receive it.</summary>
/// <param name="Sequence">The operation's index in the run, copied from the command.</param>
/// <param name="Number">The number recorded.</param>
/// <param name="Lane">The command's ordering key, copied from it, so that a lane's events too are handled in the order raised.</param>
[WireName("bench.v1.number-recorded")]
public sealed record NumberRecorded(
    [property: Key(0)] int Sequence,
    [property: Key(1)] int Number,
    [property: Key(2), OrderingKey] int? Lane = null) : IEvent;
