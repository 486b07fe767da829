namespace Cqrs.Tests.Domain.Holding;

/// <summary>Where a <see cref="Hold"/> operation waits at the <see cref="Probes.Gate"/>.</summary>
public enum HoldPoint
{
    /// <summary>Its command handler waits, then raises <see cref="Held"/>.</summary>
    InCommandHandler,

    /// <summary>Its command handler raises <see cref="Held"/> at once; the event's handler waits.</summary>
    InEventHandler,

    /// <summary>Its command handler raises <see cref="Held"/> without waiting for it and returns; the event's handler waits.</summary>
    InEventHandlerNotAwaited,
}
