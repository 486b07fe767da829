using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Domain.Scopes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Registration;

/// <summary>Handler lifetimes: one instance for all deliveries, or a scope per delivery.</summary>
public sealed class HandlerLifetimeTests
{
    [Fact]
    public async Task Send_WithScopedHandlers_GivesEachDeliveryItsOwnScope()
    {
        var deliveries = await ProbeTwiceAsync(ServiceLifetime.Scoped);

        var commandScopes = deliveries.Where(delivery => delivery.Handler == typeof(ProbeScopeHandler)).Select(delivery => delivery.Note).ToList();
        var eventScopes = deliveries.Where(delivery => delivery.Message is ScopeProbed).GroupBy(delivery => delivery.MessageId)
            .Select(delivery => Assert.Single(delivery.Select(handler => handler.Note).Distinct()))
            .ToList();
        Assert.Equal(4, commandScopes.Concat(eventScopes).Distinct().Count());
    }

    [Fact]
    public async Task Send_WithScopedHandlers_ValidatesEachMessageInAScopeOfItsOwn()
    {
        await using var provider = TestHost.Create(options => options.HandlerLifetime = ServiceLifetime.Scoped);

        var deliveries = await ProbeTwiceAsync(provider);

        var validated = provider.GetRequiredService<ValidationScopes>().Ids;
        Assert.Equal(2, validated.Distinct().Count());
        Assert.DoesNotContain(deliveries, delivery => validated.Contains((Guid)delivery.Note!));
    }

    [Fact]
    public async Task Send_WithSingletonHandlers_SharesOneInstanceAcrossDeliveries()
    {
        var deliveries = await ProbeTwiceAsync(ServiceLifetime.Singleton);

        Assert.Single(deliveries.Select(delivery => delivery.Note).Distinct());
    }

    /// <summary>Sends two probes and returns what their command handler and both event handlers saw (six calls).</summary>
    private static async Task<IReadOnlyList<Delivery>> ProbeTwiceAsync(ServiceLifetime handlerLifetime)
    {
        await using var provider = TestHost.Create(options => options.HandlerLifetime = handlerLifetime);
        return await ProbeTwiceAsync(provider);
    }

    private static async Task<IReadOnlyList<Delivery>> ProbeTwiceAsync(IServiceProvider provider)
    {
        var recorder = provider.GetRequiredService<Recorder>();
        var bus = provider.GetRequiredService<ICommandBus>();

        await bus.SendAsync(new ProbeScope(1));
        await bus.SendAsync(new ProbeScope(2));

        await recorder.WaitForAsync<FirstScopeProbedHandler>(2);
        await recorder.WaitForAsync<SecondScopeProbedHandler>(2);
        var deliveries = recorder.Deliveries;
        Assert.Equal(6, deliveries.Count);
        return deliveries;
    }
}
