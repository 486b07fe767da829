using Cqrs;

namespace Cqrs.Functions.Tests.Support;

/// <summary>The app's command bus, counting what it has sent: a rejected request must leave the count as it was.</summary>
public sealed class CountingCommandBus(ICommandBus inner) : ICommandBus
{
    private int _sent;

    public int Sent => Volatile.Read(ref _sent);

    public async ValueTask<SentMessage> SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand
    {
        var sent = await inner.SendAsync(command, cancellationToken);
        Interlocked.Increment(ref _sent);
        return sent;
    }

    public async ValueTask<SentMessage> SendAsync<TCommand>(TCommand command, Guid correlationId, CancellationToken cancellationToken = default)
        where TCommand : ICommand
    {
        var sent = await inner.SendAsync(command, correlationId, cancellationToken);
        Interlocked.Increment(ref _sent);
        return sent;
    }
}
