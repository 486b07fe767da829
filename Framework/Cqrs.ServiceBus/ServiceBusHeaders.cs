namespace Cqrs.ServiceBus;

/// <summary>
/// The application properties the transport adds to Service Bus's native ones (MessageId, CorrelationId, Subject for
/// the wire name, ContentType).
/// </summary>
internal static class ServiceBusHeaders
{
    public const string ContentType = "application/x-msgpack";

    /// <summary>
    /// On a copy the pipeline made of a received message (a delayed retry, a copy for one handler or to dead-letter for
    /// one), whose MessageId is the copy's own (<see cref="Cqrs.Transports.TransportMessage.TransportId"/>): the id of
    /// the message copied, which its handlers see.
    /// </summary>
    public const string MessageId = "cqrs-message-id";

    /// <summary>The message whose handler sent this one.</summary>
    public const string CausationId = "cqrs-causation-id";

    /// <summary>W3C trace context of the span that sent the message.</summary>
    public const string TraceParent = "traceparent";

    /// <summary>The Service Bus SDK's own name for the same trace context.</summary>
    public const string DiagnosticId = "Diagnostic-Id";

    public const string TraceState = "tracestate";

    /// <summary>W3C trace context of the work that stored a message delivered long after (a saga timeout): its handling links to it.</summary>
    public const string LinkedTraceParent = "cqrs-linked-traceparent";

    /// <summary>For an event published from an event store: its stream, and its version there.</summary>
    public const string StreamId = "cqrs-stream-id";

    public const string StreamVersion = "cqrs-stream-version";

    /// <summary>For a copy aimed at one event handler: its name, and the endpoint (subscription) it belongs to.</summary>
    public const string TargetHandler = "cqrs-target-handler";

    /// <summary>The endpoint (subscription) a copy is aimed at: with <see cref="TargetHandler"/>, or alone on an event's delayed retry that names no handler.</summary>
    public const string TargetEndpoint = "cqrs-target-endpoint";

    /// <summary>How many delayed retries led to this copy.</summary>
    public const string RetryCount = "cqrs-retry-count";

    /// <summary>A copy to dead-letter on arrival, with its reason and description (one event handler's final failure).</summary>
    public const string DeadLetterReason = "cqrs-dead-letter-reason";

    public const string DeadLetterDescription = "cqrs-dead-letter-description";
}
