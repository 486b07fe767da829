using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Turns;

/// <summary>Records each attempt, and fails while it is one of the command's failures.</summary>
public sealed class KeyedFlakyHandler(Recorder recorder) : ICommandHandler<KeyedFlaky>
{
    public ValueTask HandleAsync(KeyedFlaky command, IMessageContext context, CancellationToken cancellationToken) =>
        recorder.Record(this, command, context) <= command.Failures
            ? throw new InjectedFailureException($"Attempt of {command.Key} {command.Number} failed on purpose.")
            : ValueTask.CompletedTask;
}
