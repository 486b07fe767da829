using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Relays;

public sealed class RelayFinishedHandler(Recorder recorder) : IEventHandler<RelayFinished>
{
    public ValueTask HandleAsync(RelayFinished @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
