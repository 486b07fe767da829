using Cqrs.Functions.Receiving;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Runs the transport's receivers inside the Functions worker.</summary>
public static class CqrsReceiversServiceCollectionExtensions
{
    /// <summary>
    /// Starts the buses when the host starts, so that the transport receives (a Service Bus transport's processors
    /// run) from then on, before any function is called. Meant for a dedicated plan with Always On, which keeps the
    /// worker running; on a consumption plan nothing would wake the worker for a message.
    /// </summary>
    public static IServiceCollection AddCqrsReceivers(this IServiceCollection services)
    {
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, CqrsReceiverHost>());
        return services;
    }
}
