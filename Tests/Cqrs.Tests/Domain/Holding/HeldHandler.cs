using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Holding;

public sealed class HeldHandler(Gate gate, Recorder recorder) : IEventHandler<Held>
{
    public async ValueTask HandleAsync(Held @event, IMessageContext context, CancellationToken cancellationToken)
    {
        if (@event.At is HoldPoint.InEventHandler or HoldPoint.InEventHandlerNotAwaited)
        {
            await gate.PassAsync();
        }

        recorder.Record(this, @event, context);
    }
}
