namespace Cqrs.Benchmarks.Wolverine;

/// <summary>Wolverine's counterpart of the benchtest's command; its handler returns the event, which Wolverine publishes.</summary>
public sealed record RecordNumber(int Sequence, int Number);
