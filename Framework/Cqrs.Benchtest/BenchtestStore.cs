namespace Cqrs.Benchtest;

/// <summary>Where the benchtest's command handler records its event.</summary>
public enum BenchtestStore
{
    /// <summary>Nowhere: the handler publishes the event straight away.</summary>
    None,

    /// <summary>An event-sourced aggregate in the in-memory store; the outbox publishes the event.</summary>
    Memory,

    /// <summary>An event-sourced aggregate in a SQLite file; the outbox publishes the event.</summary>
    Sqlite,
}
