using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Scopes;

public sealed class ProbeScopeHandler(DeliveryScope scope, Recorder recorder) : ICommandHandler<ProbeScope>
{
    public ValueTask HandleAsync(ProbeScope command, IMessageContext context, CancellationToken cancellationToken)
    {
        recorder.Record(this, command, context, scope.Id);
        return context.PublishAsync(new ScopeProbed(command.Number), cancellationToken);
    }
}
