using Cqrs.Testing.Domain.Probes;
using Cqrs.Testing.Domain.Stopping;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>What a stop does to the handlers under way.</summary>
public abstract partial class TransportContractTests
{
    /// <summary>
    /// A stop that begins while a handler runs lets it finish, its token not fired and its sends going out, so it is
    /// not cancelled part-way and run again on redelivery.
    /// </summary>
    [Fact]
    public async Task Stop_WhileAHandlerRuns_LetsItFinishOnceWithItsTokenUnfired()
    {
        var provider = CreateProvider();
        var stop = provider.GetRequiredService<StopFromHandler>();
        stop.Arm(provider);
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new BeginStop(1));
        await (await stop.Begun.WaitAsync(Patience.Timeout)).WaitAsync(Patience.Timeout);

        Assert.Single(recorder.Of<BeginStopHandler>());
        Assert.False(stop.HandlerTokenFired);
    }
}
