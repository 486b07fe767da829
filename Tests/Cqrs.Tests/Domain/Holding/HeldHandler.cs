using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Holding;

public sealed class HeldHandler(Gate gate, Recorder recorder) : IEventHandler<Held>
{
    public async ValueTask HandleAsync(Held @event, IMessageContext context, CancellationToken cancellationToken)
    {
        if (@event.At == HoldPoint.InEventHandler)
        {
            await gate.PassAsync();
        }

        recorder.Record(this, @event, context);
    }
}
