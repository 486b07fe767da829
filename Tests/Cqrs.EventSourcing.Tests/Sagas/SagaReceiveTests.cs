using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>A process told to run a saga (<see cref="CqrsOptions.Receive"/>, by the saga's wire name) runs every handler of it, and no other.</summary>
public sealed class SagaReceiveTests
{
    [Fact]
    public void ReceiveHandlers_NamingASagaByItsWireName_RunEveryHandlerOfThatSaga_AndNoOther()
    {
        using var host = SagaHost.Create(
            StoreSet.InMemory(), new TallyLog(), services: services => services.Configure<CqrsOptions>(options => options.Receive.Handlers = ["tests.tally"]));

        var directory = host.Services.GetRequiredService<IMessageDirectory>();

        Assert.Equal(["tests.tally/tests.tally-bumped"], directory.EventHandlerRoutes().Select(route => route.Handler));
        Assert.Equal(
            ["tests.arm-tally", "tests.arm-tally-later", "tests.close-tally", "tests.open-tally", "tests.tally-expired"],
            directory.HandledHere(MessageKind.Command));
        Assert.Contains("drones.v1.request-delivery", directory.HandledElsewhere(MessageKind.Command));
    }
}
