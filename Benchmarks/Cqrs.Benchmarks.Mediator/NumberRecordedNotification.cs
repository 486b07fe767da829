using Mediator;

namespace Cqrs.Benchmarks.Mediator;

/// <summary>Mediator's counterpart of the benchtest's event.</summary>
public sealed record NumberRecordedNotification(int Sequence, int Number) : INotification;
