namespace Cqrs.Transports;

/// <summary>
/// How a delivery is settled. Retries are not a disposition: the pipeline schedules a copy, then completes.
/// </summary>
/// <param name="Kind">Complete, abandon or dead-letter.</param>
/// <param name="Reason">Why it is dead-lettered (<see cref="DeadLetterReasons"/>).</param>
/// <param name="Description">What went wrong, in words.</param>
/// <param name="Handlers">
/// For an abandoned event of several handlers, some of which handled it: the handlers that did not. Null when the
/// whole delivery is abandoned.
/// </param>
public readonly record struct Disposition(DispositionKind Kind, string? Reason = null, string? Description = null, IReadOnlyList<string>? Handlers = null)
{
    /// <summary>Handled (or retried later through a scheduled copy): remove it from the transport.</summary>
    public static Disposition Complete => new(DispositionKind.Complete);

    /// <summary>Not handled: its handler was cancelled (shutdown, or the caller of a direct dispatch). Never a failure.</summary>
    public static Disposition Abandon => new(DispositionKind.Abandon);

    /// <summary>Never to be handled: keep it aside with <paramref name="reason"/> and <paramref name="description"/>.</summary>
    /// <param name="reason">One of <see cref="DeadLetterReasons"/>.</param>
    /// <param name="description">What went wrong, in words.</param>
    public static Disposition DeadLetter(string reason, string description) =>
        new(DispositionKind.DeadLetter, reason, description);

    /// <summary>An event that some of its handlers handled and <paramref name="handlers"/> did not: only they get it again.</summary>
    public static Disposition AbandonFor(IReadOnlyList<string> handlers) => new(DispositionKind.Abandon, Handlers: handlers);
}

/// <summary>The three ways a transport settles a delivery.</summary>
public enum DispositionKind
{
    /// <summary>Remove the message: it was handled, or a retry copy was scheduled.</summary>
    Complete,

    /// <summary>Keep the message for a later delivery: its handling was cancelled.</summary>
    Abandon,

    /// <summary>Set the message aside with a reason, never to be delivered again.</summary>
    DeadLetter,
}
