namespace Cqrs.Testing.Domain.Probes;

/// <summary>The handlers of the ping flow that <see cref="Tally"/> counts.</summary>
public enum TallyColumn
{
    /// <summary><see cref="Domain.Counting.PingHandler"/>.</summary>
    Command,

    /// <summary><see cref="Domain.Counting.FirstPingedHandler"/>.</summary>
    FirstEventHandler,

    /// <summary><see cref="Domain.Counting.SecondPingedHandler"/>.</summary>
    SecondEventHandler,
}
