using System.Collections.Concurrent;
using System.Diagnostics;
using Cqrs.Diagnostics;
using Cqrs.Transports;
using FluentValidation.Results;

namespace Cqrs.Pipeline;

/// <summary>
/// The typed half of an invoker: reading and validating a delivery of <typeparamref name="T"/>, and each handler call
/// through its middleware, under the retry policy, in a receiving span when one is recorded.
/// </summary>
/// <param name="descriptor">What the type is: its codec, validators and telemetry.</param>
/// <param name="handling">What the container's deliveries are handled with.</param>
/// <param name="middleware">The middleware around handlers, with their lifetime.</param>
internal abstract class MessageInvoker<T>(MessageDescriptor<T> descriptor, HandlingServices handling, LifetimeServices<IHandlerMiddleware<T>> middleware)
    : MessageInvoker
{
    /// <summary>The sends of the handlers a scope makes, by name: made on first call, for an invoker of singletons needs none.</summary>
    private ConcurrentDictionary<string, HandlerSends>? _scopedSends;

    public MessageDescriptor<T> Descriptor => descriptor;

    protected HandlingServices Handling => handling;

    protected LifetimeServices<IHandlerMiddleware<T>> Middleware => middleware;

    /// <summary>
    /// Reads the delivery's message and validates it, unless this process validated it before sending or dispatches
    /// directly; then hands it to <see cref="HandleAsync"/>. An unreadable or invalid message is dead-lettered. Lag is
    /// recorded for a delivery that was queued, once it is read: a direct dispatch starts handling in the sender's call.
    /// Without asynchronous validation rules this costs no async state machine.
    /// </summary>
    public sealed override ValueTask<Disposition> ReceiveAsync(DeliveryContext context, CancellationToken cancellationToken)
    {
        var delivery = context.Delivery;
        if (!TryRead(delivery, handling.MaxMessageBytes, out var message, out var unreadable))
        {
            return ValueTask.FromResult(unreadable);
        }

        // Direct dispatch hands over the message object, validated at send when it is validated at all.
        if (delivery.Payload is not null)
        {
            return HandleAsync(context, message, cancellationToken);
        }

        var lagRead = handling.Telemetry.RecordLag(descriptor.Telemetry, delivery.EnqueuedTime);
        if (delivery.ValidatedBySender)
        {
            ClockReadings.Keep(context, lagRead);
            return HandleAsync(context, message, cancellationToken);
        }

        var validating = descriptor.ValidateAsync(message, cancellationToken);
        if (!validating.IsCompletedSuccessfully)
        {
            return HandleOnceValidAsync(context, message, validating, cancellationToken);
        }

        return validating.Result is { } failures
            ? ValueTask.FromResult(Invalid(failures))
            : HandleAsync(context, message, cancellationToken);
    }

    /// <summary>The sends of a handler a scope made: those of its name, made once per invoker.</summary>
    protected HandlerSends SendsOf(object handler)
    {
        var known = _scopedSends ?? Interlocked.CompareExchange(ref _scopedSends, new(), null) ?? _scopedSends;
        return known.GetOrAdd(HandlerNames.Of(handler), static name => new HandlerSends(name));
    }

    /// <summary>
    /// Calls the type's handler or handlers with a read and valid message (or, in direct dispatch, the message object
    /// itself), and says how to settle the delivery.
    /// </summary>
    public abstract ValueTask<Disposition> HandleAsync(MessageContext context, T message, CancellationToken cancellationToken);

    private async ValueTask<Disposition> HandleOnceValidAsync(
        MessageContext context, T message, ValueTask<List<ValidationFailure>?> validating, CancellationToken cancellationToken)
    {
        List<ValidationFailure>? failures;
        try
        {
            failures = await validating.ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            return Disposition.Abandon;
        }

        return failures is null
            ? await HandleAsync(context, message, cancellationToken).ConfigureAwait(false)
            : Invalid(failures);
    }

    private static Disposition Invalid(List<ValidationFailure> failures) =>
        Disposition.DeadLetter(DeadLetterReasons.ValidationFailed, MessageValidators<T>.Describe(failures));

    /// <summary>Reads the delivery's message, of at most <paramref name="maxBytes"/>, or says why it must be dead-lettered.</summary>
    private bool TryRead(TransportMessage delivery, int maxBytes, out T message, out Disposition unreadable)
    {
        unreadable = default;
        if (delivery.Payload is T direct)
        {
            message = direct;
            return true;
        }

        try
        {
            message = descriptor.Deserialize(delivery.Body, maxBytes);
            return true;
        }
        catch (Exception exception)
        {
            // MessageFormatException, into which the one read boundary turns every failure to read.
            message = default!;
            unreadable = Disposition.DeadLetter(DeadLetterReasons.DeserializationFailed, exception.Message);
            return false;
        }
    }

    /// <summary>
    /// Runs one handler under the retry policy: when the first attempt fails or is still running, the
    /// <see cref="RetryPolicy"/> sees the call through. A handler that completes at once costs no async state machine;
    /// <paramref name="invoke"/> is a static lambda, so no delegate is allocated per message. With no middleware and no
    /// span to start (nobody listens, or the trace is not sampled), the handler is called straight away: the attempt,
    /// which a retry calls again, is made only if the first call fails or is still running. Its duration starts from the
    /// clock reading kept for the delivery, if any (<see cref="ClockReadings"/>: its lag, or the previous handler's end),
    /// and its end is kept for the next handler: one read per handler. What the handler sends takes its ids from
    /// <paramref name="sends"/>' positions, counted from 0 for each attempt.
    /// </summary>
    protected ValueTask<Disposition> InvokeWithRetriesAsync<THandler>(
        MessageContext context,
        THandler handler,
        HandlerSends sends,
        T message,
        Func<THandler, T, IMessageContext, CancellationToken, ValueTask> invoke,
        IHandlerMiddleware<T>[] middleware,
        bool wholeDelivery,
        CancellationToken cancellationToken)
        where THandler : class
    {
        var telemetry = handling.Telemetry;
        var started = ClockReadings.Take(context) is var kept and not 0 ? kept : telemetry.StartTiming();
        var spanning = CqrsTelemetry.Source.HasListeners() && CqrsTelemetry.MayStartReceive(context.TraceContext, context.Unsampled);
        context.StartSends(sends);
        if (middleware.Length > 0 || spanning)
        {
            return InvokeThroughMiddlewareOrSpan(new HandlerAttempt<THandler, T>(context, handler, message, invoke, middleware, wholeDelivery), started, spanning, cancellationToken);
        }

        // As the attempt would call it: an exception thrown at once comes back as a faulted task.
        ValueTask first;
        try
        {
            first = invoke(handler, message, context, cancellationToken);
        }
        catch (Exception exception)
        {
            first = ValueTask.FromException(exception);
        }

        if (!first.IsCompletedSuccessfully)
        {
            var attempt = new HandlerAttempt<THandler, T>(context, handler, message, invoke, middleware, wholeDelivery);
            return handling.Retries.FinishAsync(descriptor.Telemetry, attempt, first, started, activity: null, cancellationToken);
        }

        first.GetAwaiter().GetResult(); // consumes it, so a pooled task source goes back to its pool
        ClockReadings.Keep(context, telemetry.RecordHandled(descriptor.Telemetry, handler, started));
        return ValueTask.FromResult(Disposition.Complete);
    }

    /// <summary>
    /// As <see cref="InvokeWithRetriesAsync"/>: through the handler's middleware, in a receive span when
    /// <paramref name="spanning"/> (someone listens and <see cref="CqrsTelemetry.MayStartReceive"/>) and the listeners want one.
    /// </summary>
    private ValueTask<Disposition> InvokeThroughMiddlewareOrSpan<THandler>(HandlerAttempt<THandler, T> attempt, long started, bool spanning, CancellationToken cancellationToken)
        where THandler : class
    {
        var callerActivity = spanning ? Activity.Current : null;
        var activity = spanning ? CqrsTelemetry.StartReceive(descriptor.Telemetry, attempt.Context.Delivery, attempt.Handler, handling.TransportName) : null;
        var first = attempt.Start(cancellationToken);
        if (!first.IsCompletedSuccessfully)
        {
            var finishing = handling.Retries.FinishAsync(descriptor.Telemetry, attempt, first, started, activity, cancellationToken);

            // The span goes on with the handler's continuation; this caller (a worker that handles other messages
            // next) must not keep it as its current activity, or their spans would join this trace. (Setting it
            // allocates an execution context, so only when a span was started.)
            if (activity is not null)
            {
                Activity.Current = callerActivity;
            }

            return finishing;
        }

        first.GetAwaiter().GetResult();
        ClockReadings.Keep(attempt.Context, handling.Telemetry.RecordHandled(descriptor.Telemetry, attempt.Handler, started));
        activity?.Dispose();
        return ValueTask.FromResult(Disposition.Complete);
    }
}
