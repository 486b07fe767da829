using System.Diagnostics;
using Cqrs.Diagnostics;
using Cqrs.Transports;
using Microsoft.Extensions.Logging;

namespace Cqrs.Pipeline;

/// <summary>
/// What follows a handler's failure: the handler is called again at once, up to <see cref="RetryOptions.ImmediateRetries"/>
/// times; then a copy of its delivery is scheduled after the next of <see cref="RetryOptions.Delays"/>; with no delay
/// left, it is dead-lettered with the last exception. Thread-safe.
/// </summary>
internal sealed partial class RetryPolicy(
    RetryOptions options, ITransport transport, CqrsTelemetry telemetry, DeliverySettlement settlement, ILogger<RetryPolicy> logger)
{
    private readonly ILogger _logger = logger;

    /// <summary>
    /// Sees a handler call through that is still running or has failed: <paramref name="running"/> is its first
    /// attempt, and each failure is counted and logged before the next attempt or the decision to retry later, under
    /// <paramref name="message"/>'s name. Ends <paramref name="activity"/>, the call's span, if any.
    /// </summary>
    public async ValueTask<Disposition> FinishAsync<THandler, T>(
        MessageTelemetry message, HandlerAttempt<THandler, T> attempt, ValueTask running, long started, Activity? activity, CancellationToken cancellationToken)
        where THandler : class
    {
        using (activity)
        {
            for (var attempts = 1; ; attempts++)
            {
                try
                {
                    await running.ConfigureAwait(false);
                    telemetry.RecordHandled(message, attempt.Handler, started);
                    return Disposition.Complete;
                }
                catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
                {
                    return Disposition.Abandon;
                }
                catch (Exception exception)
                {
                    var delivery = attempt.Context.Delivery; // an in-line delivery makes its transport message on each read
                    RecordFailure(message.WireName, delivery, attempt.HandlerName, exception, activity);
                    if (attempts > options.ImmediateRetries)
                    {
                        return await RetryLaterOrDeadLetterAsync(delivery, attempt.HandlerName, exception, attempt.WholeDelivery, cancellationToken)
                            .ConfigureAwait(false);
                    }
                }

                started = telemetry.StartTiming();
                running = attempt.Start(cancellationToken);
            }
        }
    }

    private void RecordFailure(string wireName, TransportMessage message, string handlerName, Exception exception, Activity? activity)
    {
        telemetry.RecordFailed(wireName, handlerName, exception, activity);
        LogHandlerFailed(exception, handlerName, wireName, message.MessageId, message.DeliveryCount, message.RetryCount);
    }

    /// <summary>
    /// After the immediate retries: schedules a delayed retry while the policy has delays left, else dead-letters.
    /// For one failed handler of a multi-handler event the copy is aimed at that handler alone, so that the others
    /// neither stop nor run again.
    /// </summary>
    private async ValueTask<Disposition> RetryLaterOrDeadLetterAsync(
        TransportMessage message, string handlerName, Exception exception, bool wholeDelivery, CancellationToken cancellationToken)
    {
        var delays = options.Delays;
        var target = wholeDelivery ? message.TargetHandler : handlerName;
        if (message.RetryCount < delays.Count)
        {
            await transport.ScheduleAsync(message.ForRetry(handlerName, target), delays[message.RetryCount], cancellationToken).ConfigureAwait(false);
            telemetry.RecordRetried(message.WireName);
            return Disposition.Complete;
        }

        var description = $"{handlerName} failed {(message.RetryCount + 1) * (options.ImmediateRetries + 1)} times; last: {exception.GetType().FullName}: {exception.Message}";
        if (wholeDelivery)
        {
            return Disposition.DeadLetter(DeadLetterReasons.HandlerFailed, description);
        }

        var copy = message.ForDeadLetter(handlerName);
        await transport.DeadLetterAsync(copy, DeadLetterReasons.HandlerFailed, description, cancellationToken).ConfigureAwait(false);
        settlement.RecordDeadLetter(copy.WireName, copy.MessageId, DeadLetterReasons.HandlerFailed, description);
        return Disposition.Complete;
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "{Handler} failed on {WireName} {MessageId} (delivery {DeliveryCount}, delayed retry {RetryCount}).")]
    private partial void LogHandlerFailed(Exception exception, string handler, string wireName, Guid messageId, int deliveryCount, int retryCount);
}
