using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>A message sent as an interface is validated as its runtime type, and an unregistered runtime type is named.</summary>
public sealed class RuntimeTypeSendTests
{
    [Fact]
    public async Task SendAsync_InvalidCommandAsItsInterface_ThrowsItsTypesValidationErrors()
    {
        await using var provider = TestHost.Create();
        var recorder = provider.GetRequiredService<Recorder>();
        ICommand order = SampleOrders.Invalid();

        var error = await Assert.ThrowsAsync<ValidationException>(() => provider.GetRequiredService<ICommandBus>().SendAsync(order).AsTask());

        Assert.Equal(["Customer", "Lines", "Total"], error.Errors.Select(failure => failure.PropertyName).Order());
        await provider.DisposeAsync();
        Assert.Empty(recorder.Deliveries);
    }

    [Fact]
    public async Task SendAsync_UnregisteredRuntimeType_ThrowsNamingIt()
    {
        static bool NotAnOrder(Type type) => type != typeof(SubmitOrder);
        await using var provider = TestHost.CreateWith(new PartialRegistry(NotAnOrder, NotAnOrder));

        var error = await Assert.ThrowsAsync<InvalidOperationException>(
            () => provider.GetRequiredService<ICommandBus>().SendAsync<ICommand>(SampleOrders.Valid()).AsTask());

        Assert.Contains($"{typeof(SubmitOrder)} is not a registered message", error.Message, StringComparison.Ordinal);
    }
}
