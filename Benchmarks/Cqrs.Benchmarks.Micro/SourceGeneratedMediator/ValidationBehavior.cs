using Cqrs.Benchmarks.Micro.Validation;
using Mediator;

namespace Cqrs.Benchmarks.Micro.SourceGeneratedMediator;

/// <summary>Mediator's pipeline behaviour for FluentValidation, as its users write it: the message validated before its handler.</summary>
internal sealed class ValidationBehavior<TMessage, TResponse>(MessageValidation<TMessage> validation) : IPipelineBehavior<TMessage, TResponse>
    where TMessage : notnull, global::Mediator.IMessage
{
    public async ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken)
    {
        await validation.ThrowIfInvalidAsync(message, cancellationToken).ConfigureAwait(false);
        return await next(message, cancellationToken).ConfigureAwait(false);
    }
}
