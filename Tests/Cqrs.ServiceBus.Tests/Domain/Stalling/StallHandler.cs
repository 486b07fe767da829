using Cqrs.Testing.Domain.Probes;

namespace Cqrs.ServiceBus.Tests.Domain.Stalling;

/// <summary>Records each call, then, on a stalled delivery, waits to be released (heedless of its token, as a hung call would).</summary>
public sealed class StallHandler(StallRelease release, Recorder recorder) : ICommandHandler<Stall>
{
    public async ValueTask HandleAsync(Stall command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        if (context.DeliveryCount <= command.StalledDeliveries)
        {
            await release.Released;
        }
    }
}
