using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Stalling;

/// <summary>Records each call, then, on a stalled delivery, waits at the gate (heedless of its token, as a hung call would).</summary>
public sealed class StallHandler(Gate gate, Recorder recorder) : ICommandHandler<Stall>
{
    public async ValueTask HandleAsync(Stall command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        if (context.DeliveryCount <= command.StalledDeliveries)
        {
            await gate.PassAsync();
        }
    }
}
