using Mediator;

namespace Cqrs.Benchmarks.Mediator;

/// <summary>Mediator's counterpart of the benchtest's command.</summary>
public sealed record RecordNumberCommand(int Sequence, int Number) : ICommand;
