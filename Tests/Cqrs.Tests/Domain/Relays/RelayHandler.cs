using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Relays;

public sealed class RelayHandler(Recorder recorder) : ICommandHandler<Relay>
{
    public ValueTask HandleAsync(Relay command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        return command.HopsLeft > 0
            ? context.SendAsync(command with { HopsLeft = command.HopsLeft - 1 }, cancellationToken)
            : context.PublishAsync(new RelayFinished(command.ChainId), cancellationToken);
    }
}
