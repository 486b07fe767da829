using Cqrs.Benchtest;
using Cqrs.Tests.Diagnostics;

namespace Cqrs.Tests.Benchtest;

/// <summary>The benchtest on the Service Bus transport, through the local broker it starts for the run. Never figures.</summary>
[Collection(nameof(ProcessWideCollection))]
public sealed class BenchtestServiceBusTests
{
    [Theory]
    [InlineData(ServiceBusProfile.Baseline)]
    [InlineData(ServiceBusProfile.Tuned)]
    public async Task Run_OnServiceBus_HandlesEveryOperationThroughTheBrokerAndTracesIt(ServiceBusProfile profile)
    {
        var settings = new BenchtestSettings
        {
            Transport = BenchtestTransport.ServiceBus,
            ServiceBusProfile = profile,
            Tasks = 2,
            CommandsPerTask = 50,
            WarmupOperations = 20,
            TraceSampling = 1,
        };

        var result = await new BenchtestRunner().RunAsync(settings);

        Assert.Equal(("servicebus", profile.ToString().ToLowerInvariant()), (result.Transport, result.ServiceBusProfile));
        Assert.Equal((100, 0, 0), (result.Operations, result.Lost, result.DuplicateDeliveries));

        // Send and process the command, publish the event, two handlers: every span of every operation, across the broker.
        Assert.Equal(100 * 5, result.SpansExported);
    }

    [Fact]
    public async Task Run_OnServiceBus_ThroughADelayedNetwork_HandlesEveryOperationAndReportsTheDelay()
    {
        var settings = new BenchtestSettings
        {
            Transport = BenchtestTransport.ServiceBus,
            BrokerNetworkDelay = TimeSpan.FromMilliseconds(2),
            Tasks = 2,
            CommandsPerTask = 50,
            WarmupOperations = 20,
        };

        var result = await new BenchtestRunner().RunAsync(settings);

        Assert.Equal((100, 0, 0), (result.Operations, result.Lost, result.DuplicateDeliveries));
        Assert.Equal(2, result.BrokerNetworkDelayMs);
    }

    [Fact]
    public void NetworkDelay_OfAGivenNamespace_IsRefused()
    {
        var settings = new BenchtestSettings
        {
            Transport = BenchtestTransport.ServiceBus,
            ServiceBusConnectionString = "Endpoint=sb://example.servicebus.windows.net/;SharedAccessKeyName=k;SharedAccessKey=v",
            BrokerNetworkDelay = TimeSpan.FromMilliseconds(1),
        };

        var error = Assert.Throws<ArgumentException>(settings.Validate);

        Assert.Equal(nameof(BenchtestSettings.BrokerNetworkDelay), error.ParamName);
    }
}
