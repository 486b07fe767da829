using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Scopes;

public sealed class FirstScopeProbedHandler(DeliveryScope scope, Recorder recorder) : IEventHandler<ScopeProbed>
{
    public ValueTask HandleAsync(ScopeProbed @event, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, @event, context, scope.Id);
        return ValueTask.CompletedTask;
    }
}
