using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Echoes;

/// <summary>Records each call, publishes the <see cref="Echo"/> events and sends the <see cref="Hush"/>, then throws <see cref="InjectedFailureException"/> on the first <see cref="Shout.Failures"/> attempts.</summary>
/// <param name="recorder">Where it records.</param>
public sealed class ShoutHandler(Recorder recorder) : ICommandHandler<Shout>
{
    /// <inheritdoc/>
    public async ValueTask HandleAsync(Shout command, IMessageContext context, CancellationToken cancellationToken)
    {
        var attempt = recorder.Record(this, command, context);
        for (var index = 0; index < command.Echoes; index++)
        {
            await context.PublishAsync(new Echo(command.Id, index), cancellationToken).ConfigureAwait(false);

            // Goes on later, as a handler that calls out would: other handlings run in between.
            await Task.Yield();
        }

        await context.SendAsync(new Hush(command.Id, nameof(ShoutHandler)), cancellationToken).ConfigureAwait(false);
        if (attempt <= command.Failures)
        {
            throw new InjectedFailureException($"Attempt {attempt} at command {command.Id} failed on purpose, after sending.");
        }
    }
}
