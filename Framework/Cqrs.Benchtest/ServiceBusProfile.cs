using Cqrs.ServiceBus;

namespace Cqrs.Benchtest;

/// <summary>How the Service Bus transport is tuned for a run.</summary>
public enum ServiceBusProfile
{
    /// <summary>Batched sends, prefetch and many concurrent calls.</summary>
    Tuned,

    /// <summary>One message at a time: single sends, no prefetch, one call at a time per entity.</summary>
    Baseline,
}

/// <summary>The transport settings of each profile.</summary>
internal static class ServiceBusProfiles
{
    public static void Apply(ServiceBusProfile profile, ServiceBusOptions options)
    {
        var tuned = profile == ServiceBusProfile.Tuned;
        options.MaxConcurrentCalls = tuned ? 32 : 1;
        options.PrefetchCount = tuned ? 256 : 0;
        options.MaxBatchSize = tuned ? 100 : 1;

        // The benchtest's handlers take microseconds: a prefetched message waits far less than its lock.
        options.ExpectedHandlerTime = TimeSpan.FromMilliseconds(10);
    }
}
