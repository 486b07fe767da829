using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus;

/// <summary>
/// The lock-lost trap: a prefetched message's lock runs while it waits its turn, and one that waits longer than the
/// lock is handled after the broker has given it to someone else (or dead-lettered it once its delivery count ran out).
/// </summary>
internal static partial class PrefetchGuard
{
    /// <summary>
    /// The prefetch count that keeps the last prefetched message's wait (its place in line ÷ the handlers at work ×
    /// the expected handler time) within half the lock duration; the configured one when it already does.
    /// </summary>
    public static int Clamp(ServiceBusOptions options, ILogger logger)
    {
        var handlerTime = Math.Max(options.ExpectedHandlerTime.TotalMilliseconds, 1);
        var safe = (int)Math.Min(int.MaxValue, options.MaxConcurrentCalls * (options.LockDuration.TotalMilliseconds / 2) / handlerTime);
        if (options.PrefetchCount <= safe)
        {
            return options.PrefetchCount;
        }

        LogClamped(logger, options.PrefetchCount, safe, options.MaxConcurrentCalls, options.ExpectedHandlerTime, options.LockDuration);
        return safe;
    }

    [LoggerMessage(
        Level = LogLevel.Warning,
        Message = "PrefetchCount {Prefetch} lowered to {Safe}: with {Concurrency} concurrent calls of up to {HandlerTime} each, prefetched messages would wait past half their {LockDuration} lock.")]
    private static partial void LogClamped(ILogger logger, int prefetch, int safe, int concurrency, TimeSpan handlerTime, TimeSpan lockDuration);
}
