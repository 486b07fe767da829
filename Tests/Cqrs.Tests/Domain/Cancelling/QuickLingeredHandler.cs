using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Cancelling;

public sealed class QuickLingeredHandler(Recorder recorder) : IEventHandler<Lingered>
{
    public ValueTask HandleAsync(Lingered @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
