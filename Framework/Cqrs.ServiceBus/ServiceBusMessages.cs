using System.Diagnostics;
using Azure.Messaging.ServiceBus;
using Cqrs.Transports;

namespace Cqrs.ServiceBus;

/// <summary>
/// Maps a transport message to Service Bus's native properties and back: MessageId, CorrelationId, Subject (the wire
/// name), ContentType, SessionId (the ordering key, on session entities), the W3C trace context and a few application
/// properties; the body is the MessagePack payload alone. The native MessageId, which duplicate detection goes by, is the
/// <see cref="TransportMessage.TransportId"/>: a copy the pipeline made carries its own there, and the id of the message
/// it copies in <see cref="ServiceBusHeaders.MessageId"/>.
/// </summary>
internal static class ServiceBusMessages
{
    /// <summary>
    /// The message as Service Bus carries it; <paramref name="endpoint"/>, for a copy aimed at an endpoint, is its
    /// subscription; <paramref name="sessions"/> says the entities are session entities, so it needs a SessionId.
    /// </summary>
    public static ServiceBusMessage ToServiceBus(TransportMessage message, string? endpoint, bool sessions)
    {
        var outgoing = new ServiceBusMessage(new BinaryData(message.Body))
        {
            MessageId = (endpoint is null ? message.TransportId : EndpointCopyIds.Of(message.TransportId, endpoint)).ToString(),
            CorrelationId = message.CorrelationId.ToString(),
            Subject = message.WireName,
            ContentType = ServiceBusHeaders.ContentType,
        };
        if (sessions)
        {
            outgoing.SessionId = message.OrderingKey is { } key ? SessionIds.Of(key) : message.MessageId.ToString();
        }

        if (message.DeliverAt is { } deliverAt)
        {
            outgoing.ScheduledEnqueueTime = deliverAt;
        }

        var properties = outgoing.ApplicationProperties;
        if (message.TransportId != message.MessageId)
        {
            properties[ServiceBusHeaders.MessageId] = message.MessageId.ToString();
        }

        if (message.CausationId != Guid.Empty)
        {
            properties[ServiceBusHeaders.CausationId] = message.CausationId.ToString();
        }

        if (message.TraceContext.TraceId != default)
        {
            var context = message.TraceContext;
            var traceParent = TraceParentOf(context);
            properties[ServiceBusHeaders.TraceParent] = traceParent;
            properties[ServiceBusHeaders.DiagnosticId] = traceParent;
            if (!string.IsNullOrEmpty(context.TraceState))
            {
                properties[ServiceBusHeaders.TraceState] = context.TraceState;
            }
        }

        if (message.LinkedTrace.TraceId != default)
        {
            properties[ServiceBusHeaders.LinkedTraceParent] = TraceParentOf(message.LinkedTrace);
        }

        if (message.Stream is { } stream)
        {
            properties[ServiceBusHeaders.StreamId] = stream.StreamId;
            properties[ServiceBusHeaders.StreamVersion] = stream.Version;
        }

        if (endpoint is not null)
        {
            properties[ServiceBusHeaders.TargetEndpoint] = endpoint;
        }

        if (message.TargetHandler is { } handler)
        {
            properties[ServiceBusHeaders.TargetHandler] = handler;
        }

        if (message.RetryCount > 0)
        {
            properties[ServiceBusHeaders.RetryCount] = message.RetryCount;
        }

        return outgoing;
    }

    /// <summary>
    /// Reads a received message's headers, or says what is wrong with them. <paramref name="handler"/>, when given, is the
    /// handler whose own subscription delivered it: the message is then aimed at that handler alone.
    /// </summary>
    public static bool TryRead(ServiceBusReceivedMessage received, string? handler, out TransportMessage message, out string problem)
    {
        message = null!;
        if (!Guid.TryParse(received.MessageId, out var transportId))
        {
            problem = $"Its MessageId '{received.MessageId}' is not a GUID.";
            return false;
        }

        var properties = received.ApplicationProperties;
        var messageId = transportId;
        if (properties.TryGetValue(ServiceBusHeaders.MessageId, out var copied) && !(copied is string text && Guid.TryParse(text, out messageId)))
        {
            problem = $"Its {ServiceBusHeaders.MessageId} '{copied}' is not a GUID.";
            return false;
        }

        if (string.IsNullOrEmpty(received.Subject))
        {
            problem = "It has no Subject, which names its message type.";
            return false;
        }

        message = new TransportMessage
        {
            MessageId = messageId,
            TransportId = transportId,
            CorrelationId = Guid.TryParse(received.CorrelationId, out var correlationId) ? correlationId : messageId,
            CausationId = GuidOf(properties, ServiceBusHeaders.CausationId),
            WireName = received.Subject,
            EnqueuedTime = received.EnqueuedTime,
            TraceContext = TraceContextOf(properties),
            Body = received.Body.ToMemory(),
            Stored = StoredOf(properties),
            DeliveryCount = received.DeliveryCount,
            RetryCount = properties.TryGetValue(ServiceBusHeaders.RetryCount, out var retries) && retries is int count ? count : 0,
            TargetHandler = handler ?? (properties.TryGetValue(ServiceBusHeaders.TargetHandler, out var target) ? target as string : null),
            // An unkeyed message's session is its own id (a copy's too: the id of the message it copies).
            OrderingKey = received.SessionId is { } session && session != messageId.ToString() ? session : null,
        };
        problem = string.Empty;
        return true;
    }

    private static string TraceParentOf(ActivityContext context) =>
        $"00-{context.TraceId.ToHexString()}-{context.SpanId.ToHexString()}-{(int)context.TraceFlags:x2}";

    private static Guid GuidOf(IReadOnlyDictionary<string, object> properties, string name) =>
        properties.TryGetValue(name, out var value) && value is string text && Guid.TryParse(text, out var id) ? id : Guid.Empty;

    private static ActivityContext TraceContextOf(IReadOnlyDictionary<string, object> properties)
    {
        var traceParent = properties.TryGetValue(ServiceBusHeaders.TraceParent, out var value) || properties.TryGetValue(ServiceBusHeaders.DiagnosticId, out value)
            ? value as string
            : null;
        var traceState = properties.TryGetValue(ServiceBusHeaders.TraceState, out var state) ? state as string : null;
        return traceParent is not null && ActivityContext.TryParse(traceParent, traceState, isRemote: true, out var context) ? context : default;
    }

    private static StoredDelivery? StoredOf(IReadOnlyDictionary<string, object> properties) =>
        properties.TryGetValue(ServiceBusHeaders.StreamId, out var stream) && stream is string streamId
        && properties.TryGetValue(ServiceBusHeaders.StreamVersion, out var version) && version is long streamVersion
            ? new StoredDelivery(new StreamPosition(streamId, streamVersion)) { LinkedTrace = LinkedTraceOf(properties) }
            : null;

    private static ActivityContext LinkedTraceOf(IReadOnlyDictionary<string, object> properties) =>
        properties.TryGetValue(ServiceBusHeaders.LinkedTraceParent, out var value) && value is string traceParent
        && ActivityContext.TryParse(traceParent, null, isRemote: true, out var context)
            ? context
            : default;
}
