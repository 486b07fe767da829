using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Faults;

public sealed class FlakyEventHandler(Recorder recorder) : IEventHandler<FlakyEvent>
{
    public ValueTask HandleAsync(FlakyEvent @event, IMessageContext context, CancellationToken cancellationToken)
    {
        var attempt = recorder.Record(this, @event, context);
        return attempt <= @event.Failures
            ? throw new InjectedFailureException($"Attempt {attempt} at event {@event.Id} failed on purpose.")
            : ValueTask.CompletedTask;
    }
}
