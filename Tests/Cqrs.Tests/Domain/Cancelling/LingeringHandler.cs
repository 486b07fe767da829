using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Cancelling;

/// <summary>Waits at the gate, which the tests leave shut, until its token fires.</summary>
public sealed class LingeringHandler(Gate gate, Recorder recorder) : IEventHandler<Lingered>
{
    public async ValueTask HandleAsync(Lingered @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        await gate.PassAsync().WaitAsync(cancellationToken);
    }
}
