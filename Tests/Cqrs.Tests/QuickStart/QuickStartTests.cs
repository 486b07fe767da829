using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.QuickStart;

public sealed class QuickStartTests
{
    [Fact]
    public async Task PlaceOrder_ReachesBothEventHandlers()
    {
        await using var provider = BuildProvider();
        var orderId = Guid.NewGuid();
        var mailer = provider.GetRequiredService<Mailer>();
        var confirmation = mailer.ConfirmationSent(orderId);

        await provider.GetRequiredService<ICommandBus>().SendAsync(new PlaceOrder(orderId, 3));

        await confirmation.WaitAsync(Patience.Timeout);
        var stock = provider.GetRequiredService<Stock>();
        await provider.DisposeAsync();
        Assert.Equal(3, stock.Reserved[orderId]);
    }

    [Fact]
    public async Task PlaceOrder_WithQuantityOutOfRange_IsRejectedAndNotSent()
    {
        await using var provider = BuildProvider();
        var orderId = Guid.NewGuid();

        var error = await Assert.ThrowsAsync<ValidationException>(
            () => provider.GetRequiredService<ICommandBus>().SendAsync(new PlaceOrder(orderId, 0)).AsTask());

        Assert.Contains(error.Errors, failure => failure.PropertyName == nameof(PlaceOrder.Quantity));
        var stock = provider.GetRequiredService<Stock>();
        await provider.DisposeAsync();
        Assert.False(stock.Reserved.ContainsKey(orderId));
    }

    /// <summary>The README's <c>services.AddCqrs()</c>; the test host also adds the quick start's Stock and Mailer.</summary>
    private static ServiceProvider BuildProvider() => TestHost.Create();
}
