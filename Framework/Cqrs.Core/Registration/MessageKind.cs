namespace Cqrs;

/// <summary>What a message is, which decides how it is routed.</summary>
public enum MessageKind
{
    /// <summary>Routed to one handler.</summary>
    Command,

    /// <summary>Fanned out to every handler.</summary>
    Event,

    /// <summary>Answered in-process by one handler.</summary>
    Query,
}
