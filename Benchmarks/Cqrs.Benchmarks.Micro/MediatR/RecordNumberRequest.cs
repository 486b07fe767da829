using MediatR;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>MediatR's counterpart of <see cref="Benchtest.RecordNumber"/>.</summary>
internal sealed record RecordNumberRequest(int Sequence, int Number) : IRequest;
