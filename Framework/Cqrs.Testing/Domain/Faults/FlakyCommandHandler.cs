using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Faults;

/// <summary>Records each call, and throws <see cref="InjectedFailureException"/> on the first <see cref="FlakyCommand.Failures"/> attempts at a message.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class FlakyCommandHandler(Recorder recorder) : ICommandHandler<FlakyCommand>
{
    /// <inheritdoc/>
    public ValueTask HandleAsync(FlakyCommand command, IMessageContext context, CancellationToken cancellationToken)
    {
        var attempt = recorder.Record(this, command, context);
        return attempt <= command.Failures
            ? throw new InjectedFailureException($"Attempt {attempt} at command {command.Id} failed on purpose.")
            : ValueTask.CompletedTask;
    }
}
