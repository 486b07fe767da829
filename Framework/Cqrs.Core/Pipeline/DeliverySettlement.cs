using Cqrs.Diagnostics;
using Cqrs.Transports;
using Microsoft.Extensions.Logging;

namespace Cqrs.Pipeline;

/// <summary>
/// What handling a delivery comes to: a failure becomes a dead-letter decision, every dead-letter decision is counted
/// and logged, and a delivery handled in its sender's call (direct dispatch) is settled as its transport would settle
/// it. Thread-safe.
/// </summary>
internal sealed partial class DeliverySettlement(ITransport transport, CqrsTelemetry telemetry, ILogger<DeliverySettlement> logger)
{
    private readonly ILogger _logger = logger;

    /// <summary>The dead-letter decision for a failure of the pipeline itself (a validator or the container threw).</summary>
    public static Disposition ProcessingFailed(Exception exception) =>
        Disposition.DeadLetter(DeadLetterReasons.ProcessingFailed, $"{exception.GetType().FullName}: {exception.Message}");

    /// <summary>Counts and logs a dead-letter decision; returns <paramref name="disposition"/>.</summary>
    public Disposition Counted(MessageContext delivery, Disposition disposition)
    {
        if (disposition.Kind == DispositionKind.DeadLetter)
        {
            RecordDeadLetter(delivery.WireName, delivery.MessageId, disposition.Reason!, disposition.Description!);
        }

        return disposition;
    }

    /// <summary>Awaits a receipt; a failure becomes a dead-letter decision, counted and logged as one.</summary>
    public async ValueTask<Disposition> CountedOnceReceivedAsync(ValueTask<Disposition> received, MessageContext delivery)
    {
        try
        {
            return Counted(delivery, await received.ConfigureAwait(false));
        }
        catch (Exception exception)
        {
            return Counted(delivery, ProcessingFailed(exception));
        }
    }

    /// <summary>
    /// Settles an in-line delivery as its transport would; a completed one needs nothing. An abandoned one was
    /// cancelled by the caller, whose token its handlers got: the caller gets the cancellation, and nothing runs again.
    /// </summary>
    public ValueTask SettleInline(ValueTask<Disposition> received, MessageContext delivery, CancellationToken cancellationToken)
    {
        if (!received.IsCompletedSuccessfully)
        {
            return SettleInlineAsync(CountedOnceReceivedAsync(received, delivery), delivery, cancellationToken);
        }

        var disposition = received.Result;
        return disposition.Kind == DispositionKind.Complete
            ? ValueTask.CompletedTask
            : SettleInlineAsync(ValueTask.FromResult(Counted(delivery, disposition)), delivery, cancellationToken);
    }

    /// <summary>A stored event handled in line is delivered once its handlers are done; cancelled, it stays in the outbox.</summary>
    public static async ValueTask SettleStoredAsync(ValueTask settling, StoredDelivery stored)
    {
        try
        {
            await settling.ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            stored.CopyKept();
            throw;
        }

        stored.CopySettled();
    }

    /// <summary>Counts and logs a message dead-lettered, whether the delivery itself or a copy of it.</summary>
    public void RecordDeadLetter(string wireName, Guid messageId, string reason, string description)
    {
        telemetry.RecordDeadLettered(wireName, reason);
        LogDeadLettered(wireName, messageId, reason, description);
    }

    private async ValueTask SettleInlineAsync(ValueTask<Disposition> received, MessageContext delivery, CancellationToken cancellationToken)
    {
        var disposition = await received.ConfigureAwait(false);
        switch (disposition.Kind)
        {
            case DispositionKind.DeadLetter:
                await transport.DeadLetterAsync(delivery.Delivery, disposition.Reason!, disposition.Description!, cancellationToken).ConfigureAwait(false);
                break;
            case DispositionKind.Abandon:
                throw new OperationCanceledException($"{delivery.WireName} {delivery.MessageId} was cancelled by its sender before every handler had handled it.", cancellationToken);
        }
    }

    [LoggerMessage(Level = LogLevel.Error, Message = "Dead-lettered {WireName} {MessageId}: {Reason}: {Description}")]
    private partial void LogDeadLettered(string wireName, Guid messageId, string reason, string description);
}
