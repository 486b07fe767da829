using MediatR;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>MediatR's counterpart of <see cref="Benchtest.NumberRecorded"/>.</summary>
internal sealed record NumberRecordedNotification(int Sequence, int Number) : INotification;
