namespace Cqrs.Benchmarks.Wolverine;

/// <summary>One of the event's two handlers: reports the operation's handling, like the benchtest's event handlers.</summary>
public sealed class NumberRecordedFirstHandler(HandledCallback handled)
{
    public void Handle(NumberRecorded recorded) => handled.Report(recorded.Sequence);
}

/// <summary>The event's other handler, so that each event fans out to two.</summary>
public sealed class NumberRecordedSecondHandler(HandledCallback handled)
{
    public void Handle(NumberRecorded recorded) => handled.Report(recorded.Sequence);
}
