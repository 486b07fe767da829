using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Bursts;

public sealed class BurstPartHandler(Recorder recorder) : IEventHandler<BurstPart>
{
    public ValueTask HandleAsync(BurstPart @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
