using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Faults;

public sealed class FlakyCommandHandler(Recorder recorder) : ICommandHandler<FlakyCommand>
{
    public ValueTask HandleAsync(FlakyCommand command, IMessageContext context, CancellationToken cancellationToken)
    {
        var attempt = recorder.Record(this, command, context);
        return attempt <= command.Failures
            ? throw new InjectedFailureException($"Attempt {attempt} at command {command.Id} failed on purpose.")
            : ValueTask.CompletedTask;
    }
}
