using Cqrs.Generated;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Faults;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Registration;

/// <summary>What the buses do with types and handlers that are missing or clash.</summary>
public sealed class RegistrationTests
{
    [Fact]
    public async Task Send_UnregisteredType_ThrowsNamingIt()
    {
        var withoutOrders = new PartialRegistry(type => type != typeof(SubmitOrder), type => type != typeof(SubmitOrder));
        await using var provider = TestHost.CreateWith(withoutOrders);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(
            () => provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid()).AsTask());

        Assert.Contains(typeof(SubmitOrder).FullName!, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Send_InProcessWithoutHandler_Throws()
    {
        var withoutOrderHandler = new PartialRegistry(_ => true, type => type != typeof(SubmitOrder));
        await using var provider = TestHost.CreateWith(withoutOrderHandler);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(
            () => provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid()).AsTask());

        Assert.Contains("tests.v1.submit-order", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task FirstUse_WithTwoTypesUnderOneWireName_ThrowsNamingBoth()
    {
        var clash = new DelegateRegistry(builder => builder.Command("tests.v1.submit-order", Cqrs_Tests_Domain_Faults_RaiseInvalidEventCodec.Instance));
        await using var provider = TestHost.Create(addServices: services => services.AddCqrs(clash));

        var error = Assert.Throws<InvalidOperationException>(() => provider.GetRequiredService<ICommandBus>());

        Assert.Contains("tests.v1.submit-order", error.Message, StringComparison.Ordinal);
        Assert.Contains(typeof(SubmitOrder).FullName!, error.Message, StringComparison.Ordinal);
        Assert.Contains(typeof(RaiseInvalidEvent).FullName!, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Containers_TwoBuiltFromOneServiceCollection_EachCallTheirOwnHandlers()
    {
        var services = TestHost.CreateServices();
        await using var first = TestHost.Build(services);
        await using var second = TestHost.Build(services);
        var firstBus = first.GetRequiredService<ICommandBus>();
        var secondBus = second.GetRequiredService<ICommandBus>();

        await firstBus.SendAsync(SampleOrders.Valid());
        await secondBus.SendAsync(SampleOrders.Valid());
        await secondBus.SendAsync(SampleOrders.Valid());

        await first.GetRequiredService<Recorder>().WaitForAsync<NotifyCustomer>();
        await second.GetRequiredService<Recorder>().WaitForAsync<NotifyCustomer>(2);
        Assert.Single(first.GetRequiredService<Recorder>().Of<NotifyCustomer>());
        Assert.Equal(2, second.GetRequiredService<Recorder>().Of<NotifyCustomer>().Count);
    }
}
