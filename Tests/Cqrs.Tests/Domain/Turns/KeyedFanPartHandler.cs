using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Turns;

public sealed class KeyedFanPartHandler(Recorder recorder) : ICommandHandler<KeyedFanPart>
{
    public ValueTask HandleAsync(KeyedFanPart command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        return ValueTask.CompletedTask;
    }
}
