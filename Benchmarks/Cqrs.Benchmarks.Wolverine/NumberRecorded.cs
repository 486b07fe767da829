namespace Cqrs.Benchmarks.Wolverine;

/// <summary>Wolverine's counterpart of the benchtest's event.</summary>
public sealed record NumberRecorded(int Sequence, int Number);
