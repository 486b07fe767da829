namespace Cqrs.Benchtest;

/// <summary>How far a run has got, reported a few times a second.</summary>
/// <param name="Phase">Warming up or measuring.</param>
/// <param name="Completed">Operations of this phase fully handled.</param>
/// <param name="Total">Operations of this phase.</param>
public readonly record struct BenchtestProgress(BenchtestPhase Phase, int Completed, int Total);
