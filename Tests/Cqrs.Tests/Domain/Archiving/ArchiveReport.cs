namespace Cqrs.Tests.Domain.Archiving;

/// <summary>A command whose handler waits at the <see cref="Probes.Gate"/>, then writes to the disposable <see cref="Probes.Ledger"/>.</summary>
[WireName("tests.v1.archive-report")]
public sealed record ArchiveReport([property: Key(0)] int Number) : ICommand;
