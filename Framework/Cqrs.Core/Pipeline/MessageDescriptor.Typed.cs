using System.Diagnostics;
using Cqrs.Diagnostics;
using Cqrs.Serialization;
using Cqrs.Transports;
using FluentValidation;
using FluentValidation.Results;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>The typed half of a descriptor: serialization and validation of <typeparamref name="T"/>.</summary>
internal abstract class MessageDescriptor<T>(string wireName, MessageKind kind, IMessagePackCodec<T> codec)
    : MessageDescriptor(wireName, kind, typeof(T))
{
    private IValidator<T>[] _validators = [];

    public byte[] Serialize(T message) => codec.ToBytes(message);

    /// <exception cref="MessageFormatException">The bytes are not one valid <typeparamref name="T"/>.</exception>
    public T Deserialize(ReadOnlySpan<byte> payload) => codec.FromBytes(payload, WireName, "payload");

    /// <exception cref="ValidationException">With every failure of every validator.</exception>
    public void ThrowIfInvalid(T message)
    {
        var failures = Validate(message);
        if (failures is not null)
        {
            throw new ValidationException($"{WireName} is invalid: {Describe(failures)}", failures);
        }
    }

    public override byte[] SerializeObject(object message) => Serialize((T)message);

    public override object DeserializeObject(ReadOnlySpan<byte> payload) => Deserialize(payload)!;

    public override void ThrowIfInvalidObject(object message) => ThrowIfInvalid((T)message);

    /// <summary>Reads the delivery's message, or says why it must be dead-lettered.</summary>
    protected bool TryRead(TransportMessage delivery, out T message, out Disposition rejection)
    {
        rejection = default;
        if (delivery.Payload is T direct)
        {
            message = direct;
            return true;
        }

        try
        {
            message = Deserialize(delivery.Body.Span);
        }
        catch (Exception exception)
        {
            // MessageFormatException from the reader, or whatever the message's own constructor throws.
            message = default!;
            rejection = Disposition.DeadLetter(DeadLetterReasons.DeserializationFailed, exception.Message);
            return false;
        }

        var failures = delivery.ValidatedBySender ? null : Validate(message);
        if (failures is not null)
        {
            rejection = Disposition.DeadLetter(DeadLetterReasons.ValidationFailed, Describe(failures));
            return false;
        }

        return true;
    }

    /// <summary>
    /// Runs one handler with the retry policy: immediate attempts, then a delayed retry or dead-letter decided by
    /// the pipeline. A handler that completes at once costs no async state machine; <paramref name="invoke"/> is a
    /// static lambda, so no delegate is allocated per message.
    /// </summary>
    protected ValueTask<Disposition> InvokeWithRetriesAsync<THandler>(
        MessagePipeline pipeline,
        MessageContext context,
        THandler handler,
        T message,
        Func<THandler, T, IMessageContext, CancellationToken, ValueTask> invoke,
        bool wholeDelivery,
        CancellationToken cancellationToken)
        where THandler : class
    {
        var attempt = new HandlerAttempt<THandler, T>(pipeline, context, handler, message, invoke, wholeDelivery);
        var callerActivity = CqrsTelemetry.Source.HasListeners() ? Activity.Current : null;
        var activity = CqrsTelemetry.StartReceive(this, context.Delivery, attempt.Handler, pipeline.TransportName);
        var started = pipeline.Telemetry.StartTiming();
        var first = attempt.Start(cancellationToken);
        if (!first.IsCompletedSuccessfully)
        {
            var finishing = FinishWithRetriesAsync(attempt, first, started, activity, cancellationToken);

            // The span goes on with the handler's continuation; this caller (a worker that handles other messages
            // next) must not keep it as its current activity, or their spans would join this trace. (Setting it
            // allocates an execution context, so only when a span was started.)
            if (activity is not null)
            {
                Activity.Current = callerActivity;
            }

            return finishing;
        }

        first.GetAwaiter().GetResult(); // consumes it, so a pooled task source goes back to its pool
        pipeline.Telemetry.RecordHandled(this, attempt.Handler, started);
        activity?.Dispose();
        return ValueTask.FromResult(Disposition.Complete);
    }

    /// <summary>The slow path: the first attempt is still running or has failed; more attempts follow the policy.</summary>
    private async ValueTask<Disposition> FinishWithRetriesAsync<THandler>(
        HandlerAttempt<THandler, T> attempt, ValueTask running, long started, Activity? activity, CancellationToken cancellationToken)
        where THandler : class
    {
        var pipeline = attempt.Pipeline;
        using (activity)
        {
            for (var attempts = 1; ; attempts++)
            {
                try
                {
                    await running.ConfigureAwait(false);
                    pipeline.Telemetry.RecordHandled(this, attempt.Handler, started);
                    return Disposition.Complete;
                }
                catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
                {
                    return Disposition.Abandon;
                }
                catch (Exception exception)
                {
                    pipeline.RecordFailure(this, attempt.Context.Delivery, attempt.HandlerName, exception, activity);
                    if (attempts > pipeline.ImmediateRetries)
                    {
                        return await pipeline.RetryLaterOrDeadLetterAsync(
                                attempt.Context.Delivery, attempt.HandlerName, exception, attempt.WholeDelivery, cancellationToken)
                            .ConfigureAwait(false);
                    }
                }

                started = pipeline.Telemetry.StartTiming();
                running = attempt.Start(cancellationToken);
            }
        }
    }

    protected override void BindServices(IServiceProvider services, bool singletonHandlers) =>
        _validators = [.. services.GetServices<IValidator<T>>()];

    private List<ValidationFailure>? Validate(T message)
    {
        List<ValidationFailure>? failures = null;
        foreach (var validator in _validators)
        {
            var result = validator.Validate(message);
            if (!result.IsValid)
            {
                (failures ??= []).AddRange(result.Errors);
            }
        }

        return failures;
    }

    private static string Describe(List<ValidationFailure> failures) =>
        string.Join("; ", failures.Select(failure => $"{failure.PropertyName}: {failure.ErrorMessage}"));
}
