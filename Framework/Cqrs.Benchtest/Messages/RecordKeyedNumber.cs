namespace Cqrs.Benchtest.Messages;

/// <summary>
/// The command of a churn run with <c>--ordering</c> alone: <see cref="RecordNumber"/>'s sequence with an ordering key,
/// so that the benchtest's own command, on which every other figure is measured, carries no key. Its handler raises
/// <see cref="KeyedNumberRecorded"/>.
/// </summary>
/// <param name="Sequence">The operation's index in the run.</param>
/// <param name="Lane">The ordering key: the commands of one lane are handled one at a time, in the order sent.</param>
[WireName("bench.v1.ordering.record-number")]
internal sealed record RecordKeyedNumber(
    [property: Key(0)] int Sequence,
    [property: Key(1), OrderingKey] int Lane) : ICommand;
