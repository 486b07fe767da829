using Cqrs.Transports;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Hosting;

/// <summary>
/// In a host, finishes the messages under way when the host stops, before the container is disposed: the only
/// moment scoped handlers can still get their scope (a container refuses new scopes once its disposal starts).
/// </summary>
internal sealed class CqrsShutdownService(ITransport transport) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => transport.StopAsync().WaitAsync(cancellationToken);
}
