using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Cancelling;

public sealed class SteadyStoppedHandler(Recorder recorder) : IEventHandler<StoppedMidway>
{
    public ValueTask HandleAsync(StoppedMidway @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
