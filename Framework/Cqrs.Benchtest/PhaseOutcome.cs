namespace Cqrs.Benchtest;

/// <summary>How a phase ended: the operations handled, and the time from its start until the last of them was.</summary>
internal readonly record struct PhaseOutcome(TimeSpan Elapsed, int Completed);
