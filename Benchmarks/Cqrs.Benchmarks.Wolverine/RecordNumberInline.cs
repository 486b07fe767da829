namespace Cqrs.Benchmarks.Wolverine;

/// <summary>The same command, whose handler invokes the event's handlers in line rather than publishing it.</summary>
public sealed record RecordNumberInline(int Sequence, int Number);
