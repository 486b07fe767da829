using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Yielding;

public sealed class YieldedHandler(Recorder recorder) : IEventHandler<Yielded>
{
    public ValueTask HandleAsync(Yielded @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
