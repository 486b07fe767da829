using Wolverine;

namespace Cqrs.Benchmarks.Wolverine;

/// <summary>
/// The command handlers, found by Wolverine's naming convention. <see cref="RecordNumber"/>'s returns the event as a
/// cascading message, which Wolverine publishes to the local in-memory queue of its handlers; <see
/// cref="RecordNumberInline"/>'s invokes those handlers in line and waits for them.
/// </summary>
public static class RecordNumberHandler
{
    public static NumberRecorded Handle(RecordNumber command) => new(command.Sequence, command.Number);

    public static Task Handle(RecordNumberInline command, IMessageBus bus) =>
        bus.InvokeAsync(new NumberRecorded(command.Sequence, command.Number));
}
