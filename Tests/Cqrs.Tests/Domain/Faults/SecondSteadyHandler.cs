using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Faults;

public sealed class SecondSteadyHandler(Recorder recorder) : IEventHandler<FlakyEvent>
{
    public ValueTask HandleAsync(FlakyEvent @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
