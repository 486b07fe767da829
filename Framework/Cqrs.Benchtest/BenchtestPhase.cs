namespace Cqrs.Benchtest;

/// <summary>The phases of a run that report progress.</summary>
public enum BenchtestPhase
{
    /// <summary>Operations run before measuring, not counted.</summary>
    Warmup,

    /// <summary>The operations measured.</summary>
    Measuring,
}
