using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Functions.Receiving;

/// <summary>
/// Starts the buses, and with them the transport's receivers (Service Bus processors), when the worker starts. The
/// buses start on first use otherwise, and a worker that only receives would never use them. Stopping is the core's
/// shutdown service's work.
/// </summary>
internal sealed class CqrsReceiverHost(IServiceProvider services) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        services.GetRequiredService<ICommandBus>();
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
