using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Faults;

public sealed class RaiseInvalidEventHandler(Recorder recorder) : ICommandHandler<RaiseInvalidEvent>
{
    public ValueTask HandleAsync(RaiseInvalidEvent command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        return context.PublishAsync(new FlakyEvent(Guid.Empty, Failures: -1), cancellationToken);
    }
}
