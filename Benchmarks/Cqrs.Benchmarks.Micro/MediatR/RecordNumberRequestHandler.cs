using MediatR;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>Handles the request by publishing the notification, as the benchtest's command handler raises its event.</summary>
internal sealed class RecordNumberRequestHandler(IMediator mediator) : IRequestHandler<RecordNumberRequest, Unit>
{
    public async Task<Unit> Handle(RecordNumberRequest request, CancellationToken cancellationToken)
    {
        await mediator.Publish(new NumberRecordedNotification(request.Sequence, request.Number), cancellationToken).ConfigureAwait(false);
        return Unit.Value;
    }
}
