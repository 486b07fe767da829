using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Shared;

/// <summary>This project's containers on the Service Bus transport: its test domain, as <see cref="TestHost"/> builds them.</summary>
internal sealed partial class ServiceBusTestHost
{
    /// <summary>A container as <see cref="TestHost.Create"/> builds, on a new broker.</summary>
    public ServiceProvider Create(Action<CqrsOptions>? configure = null)
    {
        var services = TestHost.CreateServices(configure);
        UseServiceBus(TestHost.BuilderOf(services));
        return TestHost.Build(services);
    }
}
