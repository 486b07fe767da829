namespace Cqrs.Benchtest.Messages;

/// <summary>
/// The event <see cref="RecordKeyedNumber"/> raises, with the command's ordering key, so that a lane's events too are
/// handled in the order raised. Its wire name sorts after those of the benchtest's other events, so the subscription's
/// rule for it is made after theirs, and the local broker, which tries a subscription's rules in order until one
/// matches, matches their events without trying it.
/// </summary>
/// <param name="Sequence">The operation's index in the run, copied from the command.</param>
/// <param name="Lane">The command's ordering key, copied from it.</param>
[WireName("bench.v1.ordering.number-recorded")]
internal sealed record KeyedNumberRecorded(
    [property: Key(0)] int Sequence,
    [property: Key(1), OrderingKey] int Lane) : IEvent;
