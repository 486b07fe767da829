using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Screening;

public sealed class EnrolHandler(Recorder recorder) : ICommandHandler<Enrol>
{
    public ValueTask HandleAsync(Enrol command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        return context.PublishAsync(new Enrolled(command.Name), cancellationToken);
    }
}
