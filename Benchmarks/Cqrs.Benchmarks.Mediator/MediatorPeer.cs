using Mediator;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Mediator;

/// <summary>
/// Mediator 3 (source-generated) with the counterparts of the benchtest's handlers, all singletons: each send handles
/// the command, whose handler publishes the notification to both handlers in line.
/// </summary>
public sealed class MediatorPeer : IDisposable
{
    private readonly ServiceProvider _services;
    private readonly IMediator _mediator;

    /// <param name="handled">Called by each event handler with the operation's sequence number.</param>
    public MediatorPeer(Action<int> handled)
    {
        var services = new ServiceCollection();
        services.AddSingleton(new HandledCallback(handled));
        services.AddMediator(options => options.ServiceLifetime = ServiceLifetime.Singleton);
        _services = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
        _mediator = _services.GetRequiredService<IMediator>();
    }

    /// <summary>Sends the command; done once both handlers of its notification have run.</summary>
    public ValueTask<Unit> SendAsync(int sequence, int number) => _mediator.Send(new RecordNumberCommand(sequence, number));

    public void Dispose() => _services.Dispose();
}
