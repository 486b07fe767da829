using Cqrs.Pipeline;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Hosting;

/// <summary>
/// In a host, starts the transport when the host starts, so that it receives before anything is sent; and when the
/// host stops, finishes the messages under way before the container is disposed: the only moment scoped handlers can
/// still get their scope (a container refuses new scopes once its disposal starts).
/// </summary>
internal sealed class CqrsHostedService(MessagePipeline pipeline) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        pipeline.Start();
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => pipeline.StopAsync().WaitAsync(cancellationToken);
}
