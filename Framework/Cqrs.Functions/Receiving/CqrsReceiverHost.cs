using Cqrs.Pipeline;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Functions.Receiving;

/// <summary>
/// Starts the transport's receivers (Service Bus processors) when the worker starts. The core's hosted service starts
/// them with the host as well; starting is idempotent, so whichever runs first starts them. Stopping is the core's
/// hosted service's work.
/// </summary>
internal sealed class CqrsReceiverHost(IServiceProvider services) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        services.GetRequiredService<MessagePipeline>().Start();
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
