using Cqrs.EventSourcing;

namespace Cqrs.Benchtest.Messages;

/// <summary>The event-sourced benchtest's aggregate: one per command, which records its number once.</summary>
/// <param name="Recorded">Whether the number is recorded.</param>
[WireName("bench.v1.number-log")]
public sealed record NumberLog([property: Key(0)] bool Recorded) : IAggregate<NumberLog>
{
    /// <inheritdoc/>
    public static NumberLog Initial { get; } = new(false);

    /// <inheritdoc/>
    public NumberLog Apply(IEvent @event) => @event is NumberRecorded ? new NumberLog(true) : this;

    /// <summary>Records the command's number, unless it is recorded already.</summary>
    /// <exception cref="InvalidOperationException">The number is recorded already.</exception>
    public IEnumerable<IEvent> Decide(RecordNumber command) =>
        Recorded ? throw new InvalidOperationException($"Number {command.Sequence} is recorded already.") : [new NumberRecorded(command.Sequence, command.Number)];
}
