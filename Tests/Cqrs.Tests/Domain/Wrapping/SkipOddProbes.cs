using Cqrs.Tests.Domain.Scopes;

namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Lets the handler run for even numbers only.</summary>
public sealed class SkipOddProbes : IHandlerMiddleware<ProbeScope>
{
    public ValueTask InvokeAsync(ProbeScope message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken) =>
        message.Number % 2 == 0 ? next() : ValueTask.CompletedTask;
}
