using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Cancelling;

public sealed class StopMidwayHandler(CallerCancellation caller, Recorder recorder) : ICommandHandler<StopMidway>
{
    public ValueTask HandleAsync(StopMidway command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context);
        caller.Cancel();
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.CompletedTask;
    }
}
