using Cqrs.Benchmarks.Micro.Validation;
using Cqrs.Benchtest;
using FluentValidation;
using MediatR;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>A container with MediatR 5.1 and the counterparts of the benchtest's handlers, all singletons.</summary>
internal static class MediatRServices
{
    /// <param name="validated">
    /// Whether to validate the request and its notification with the same FluentValidation rules as the benchtest's
    /// messages: the request through <see cref="ValidationBehavior{TRequest,TResponse}"/>, the notification through
    /// <see cref="ValidatingMediator"/>.
    /// </param>
    public static ServiceProvider Build(OperationTracker tracker, bool validated)
    {
        var services = new ServiceCollection();
        services.AddSingleton(tracker);
        services.AddSingleton<global::MediatR.Mediator>(provider => new global::MediatR.Mediator(provider.GetRequiredService));
        services.AddSingleton<IMediator>(provider => provider.GetRequiredService<global::MediatR.Mediator>());
        services.AddSingleton<IRequestHandler<RecordNumberRequest, Unit>, RecordNumberRequestHandler>();
        services.AddSingleton<INotificationHandler<NumberRecordedNotification>, NumberRecordedFirstNotificationHandler>();
        services.AddSingleton<INotificationHandler<NumberRecordedNotification>, NumberRecordedSecondNotificationHandler>();
        if (validated)
        {
            services.AddSingleton(typeof(MessageValidation<>));
            services.AddSingleton<IValidator<RecordNumberRequest>>(new NumberMessageValidator<RecordNumberRequest>(request => request.Sequence, request => request.Number));
            services.AddSingleton<IValidator<NumberRecordedNotification>>(
                new NumberMessageValidator<NumberRecordedNotification>(notification => notification.Sequence, notification => notification.Number));
            services.AddSingleton(typeof(IPipelineBehavior<,>), typeof(ValidationBehavior<,>));
            services.AddSingleton<IMediator>(provider => new ValidatingMediator(provider.GetRequiredService<global::MediatR.Mediator>(), provider));
        }

        return services.BuildServiceProvider();
    }
}
