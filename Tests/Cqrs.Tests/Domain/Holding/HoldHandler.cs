using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Holding;

public sealed class HoldHandler(Gate gate, Recorder recorder) : ICommandHandler<Hold>
{
    public async ValueTask HandleAsync(Hold command, IMessageContext context, CancellationToken cancellationToken)
    {
        if (command.At == HoldPoint.InCommandHandler)
        {
            await gate.PassAsync();
        }

        recorder.Record(this, command, context);
        if (command.At == HoldPoint.InEventHandlerNotAwaited)
        {
            _ = context.PublishAsync(new Held(command.Number, command.At), cancellationToken).AsTask();
            return;
        }

        await context.PublishAsync(new Held(command.Number, command.At), cancellationToken);
    }
}
