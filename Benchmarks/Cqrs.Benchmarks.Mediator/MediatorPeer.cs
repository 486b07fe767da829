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
    /// <param name="configure">
    /// Adds to the container after the mediator: pipeline behaviours, and an <see cref="IPublisher"/> for the command
    /// handler to publish through in place of the mediator itself.
    /// </param>
    public MediatorPeer(Action<int> handled, Action<IServiceCollection>? configure = null)
    {
        var services = new ServiceCollection();
        services.AddSingleton(new HandledCallback(handled));
        services.AddMediator(options => options.ServiceLifetime = ServiceLifetime.Singleton);
        configure?.Invoke(services);
        _services = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
        _mediator = _services.GetRequiredService<IMediator>();
    }

    /// <summary>Sends the command; done once both handlers of its notification have run.</summary>
    public ValueTask<Unit> SendAsync(int sequence, int number) => _mediator.Send(new RecordNumberCommand(sequence, number));

    /// <summary>Publishes the notification alone, as the command handler does: to check what its publish path does.</summary>
    public ValueTask PublishAsync(int sequence, int number) =>
        _services.GetRequiredService<IPublisher>().Publish(new NumberRecordedNotification(sequence, number));

    public void Dispose() => _services.Dispose();
}
