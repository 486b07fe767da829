using Cqrs.Benchmarks.Mediator;
using Cqrs.Benchmarks.Micro.Validation;
using FluentValidation;
using Mediator;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro.SourceGeneratedMediator;

/// <summary>
/// Validation for <see cref="MediatorPeer"/>, with the same FluentValidation rules as the benchtest's messages: the
/// command through <see cref="ValidationBehavior{TMessage,TResponse}"/>, the notification through
/// <see cref="ValidatingPublisher"/>.
/// </summary>
internal static class MediatorValidation
{
    public static void Add(IServiceCollection services)
    {
        services.AddSingleton(typeof(MessageValidation<>));
        services.AddSingleton<IValidator<RecordNumberCommand>>(new NumberMessageValidator<RecordNumberCommand>(command => command.Sequence, command => command.Number));
        services.AddSingleton<IValidator<NumberRecordedNotification>>(
            new NumberMessageValidator<NumberRecordedNotification>(notification => notification.Sequence, notification => notification.Number));
        services.AddSingleton(typeof(IPipelineBehavior<,>), typeof(ValidationBehavior<,>));
        services.AddSingleton<IPublisher>(provider => new ValidatingPublisher(provider.GetRequiredService<IMediator>(), provider));
    }
}
