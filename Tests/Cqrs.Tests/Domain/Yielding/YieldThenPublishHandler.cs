namespace Cqrs.Tests.Domain.Yielding;

public sealed class YieldThenPublishHandler : ICommandHandler<YieldThenPublish>
{
    public async ValueTask HandleAsync(YieldThenPublish command, IMessageContext context, CancellationToken cancellationToken)
    {
        await Task.Yield();
        await context.PublishAsync(new Yielded(command.Number), cancellationToken);
    }
}
