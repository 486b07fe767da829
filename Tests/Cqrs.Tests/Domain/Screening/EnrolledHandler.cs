using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Screening;

public sealed class EnrolledHandler(Recorder recorder) : IEventHandler<Enrolled>
{
    public ValueTask HandleAsync(Enrolled @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context);
        return ValueTask.CompletedTask;
    }
}
