namespace Cqrs.Tests.Domain.Probes;

/// <summary>The handlers of the ping flow that <see cref="Tally"/> counts.</summary>
public enum TallyColumn
{
    Command,
    FirstEventHandler,
    SecondEventHandler,
}
