namespace Cqrs.Transports;

/// <summary>How a delivery is settled. Retries are not a disposition: the pipeline schedules a copy, then completes.</summary>
internal readonly record struct Disposition(DispositionKind Kind, string? Reason = null, string? Description = null)
{
    public static Disposition Complete => new(DispositionKind.Complete);

    /// <summary>Give the message back untouched (shutdown): it is delivered again.</summary>
    public static Disposition Abandon => new(DispositionKind.Abandon);

    public static Disposition DeadLetter(string reason, string description) =>
        new(DispositionKind.DeadLetter, reason, description);
}

internal enum DispositionKind
{
    Complete,
    Abandon,
    DeadLetter,
}
