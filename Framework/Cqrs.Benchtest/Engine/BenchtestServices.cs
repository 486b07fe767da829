using Cqrs.Generated;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchtest.Engine;

/// <summary>Builds the container a run measures: the benchtest's messages and handlers on the in-process transport.</summary>
internal static class BenchtestServices
{
    public static ServiceProvider Build(OperationTracker tracker, BenchtestSettings settings)
    {
        var services = new ServiceCollection();
        services.AddSingleton(tracker);
        services.AddCqrs(CqrsBenchtestMessageRegistry.Instance, options =>
        {
            options.DirectDispatch = settings.Direct;
            options.InProcess.Concurrency = settings.Concurrency ?? options.InProcess.Concurrency;
            options.InProcess.MaxInFlight = settings.MaxInFlight ?? options.InProcess.MaxInFlight;
        });
        return services.BuildServiceProvider();
    }
}
