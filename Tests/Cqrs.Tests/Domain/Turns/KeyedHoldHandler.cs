using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Turns;

public sealed class KeyedHoldHandler(Gate gate, Recorder recorder) : ICommandHandler<KeyedHold>
{
    public async ValueTask HandleAsync(KeyedHold command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        if (command.Holds)
        {
            await gate.PassAsync();
        }
    }
}
