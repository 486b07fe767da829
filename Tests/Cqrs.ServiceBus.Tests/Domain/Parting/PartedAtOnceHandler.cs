using Cqrs.Testing.Domain.Probes;

namespace Cqrs.ServiceBus.Tests.Domain.Parting;

/// <summary>Records each call and returns.</summary>
public sealed class PartedAtOnceHandler(Recorder recorder) : IEventHandler<Parted>
{
    public ValueTask HandleAsync(Parted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
