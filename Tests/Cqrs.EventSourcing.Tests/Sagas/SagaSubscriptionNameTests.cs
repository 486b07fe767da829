using Cqrs.ServiceBus;
using Microsoft.Extensions.DependencyInjection;
using Sample.Domain;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>
/// With <see cref="ServiceBusOptions.SubscriptionPerHandler"/>, a saga's handler (named <c>&lt;saga&gt;/&lt;message&gt;</c>)
/// gets a subscription whose name shows both the saga and the message; an ordinary handler keeps the name it had.
/// </summary>
public sealed class SagaSubscriptionNameTests
{
    [Fact]
    public void SubscriptionName_OfASagaHandler_NamesTheSagaAndTheMessage()
    {
        Assert.Equal("default-delivery-saga-drone-assigned-6dd4b9c0", SubscriptionOf("default", "drones.v1.delivery-saga/drones.v1.drone-assigned"));
    }

    [Fact]
    public void SubscriptionName_OfALongSagaHandler_IsCutToFiftyCharactersBeforeItsHash()
    {
        var name = SubscriptionOf("sample-functions", "drones.v1.delivery-saga/drones.v1.drone-assigned");

        Assert.Equal(50, name.Length);
        Assert.StartsWith("sample-functions-delivery-saga-drone-", name, StringComparison.Ordinal);
    }

    [Fact]
    public void SubscriptionName_OfAnOrdinaryHandler_KeepsTheNameItWasDeployedUnder()
    {
        // Pinned: a handler's subscription renamed is a new, empty subscription, and the deployed one is orphaned.
        Assert.Equal("default-SendWelcomeMessage-f5386bed", SubscriptionOf("default", "Sample.Domain.Accounts.SendWelcomeMessage"));
    }

    private static string SubscriptionOf(string subscription, string handler)
    {
        var services = new ServiceCollection();
        var cqrs = services.AddCqrs(Cqrs.Generated.SampleDomainMessageRegistry.Instance);
        cqrs.UseServiceBus(options =>
        {
            options.ConnectionString = "Endpoint=sb://localhost/;SharedAccessKeyName=test;SharedAccessKey=dGVzdA==";
            options.Subscription = subscription;
            options.SubscriptionPerHandler = true;
        });
        cqrs.AddSampleDomainServices().UseInMemoryStore();
        using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
        return Assert.Single(provider.GetRequiredService<ServiceBusTopology>().HandlerSubscriptions, route => route.Handler == handler).Name;
    }
}
