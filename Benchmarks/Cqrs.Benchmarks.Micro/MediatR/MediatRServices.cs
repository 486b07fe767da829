using Cqrs.Benchtest;
using MediatR;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>A container with MediatR 5.1 and the counterparts of the benchtest's handlers, all singletons.</summary>
internal static class MediatRServices
{
    public static ServiceProvider Build(OperationTracker tracker)
    {
        var services = new ServiceCollection();
        services.AddSingleton(tracker);
        services.AddSingleton<IMediator>(provider => new global::MediatR.Mediator(provider.GetRequiredService));
        services.AddSingleton<IRequestHandler<RecordNumberRequest, Unit>, RecordNumberRequestHandler>();
        services.AddSingleton<INotificationHandler<NumberRecordedNotification>, NumberRecordedFirstNotificationHandler>();
        services.AddSingleton<INotificationHandler<NumberRecordedNotification>, NumberRecordedSecondNotificationHandler>();
        return services.BuildServiceProvider();
    }
}
