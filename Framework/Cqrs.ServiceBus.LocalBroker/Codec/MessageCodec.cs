using Cqrs.ServiceBus.LocalBroker.Entities;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Codec;

/// <summary>
/// Turns AMQP messages into stored content (splitting the client's batch envelope) and stored content into the
/// messages the client receives, with the annotations and types the client casts to.
/// </summary>
internal static class MessageCodec
{
    public const string SequenceNumberAnnotation = "x-opt-sequence-number";
    public const string EnqueueSequenceNumberAnnotation = "x-opt-enqueue-sequence-number";
    public const string EnqueuedTimeAnnotation = "x-opt-enqueued-time";
    public const string LockedUntilAnnotation = "x-opt-locked-until";
    public const string DeadLetterSourceAnnotation = "x-opt-deadletter-source";
    public const string MessageStateAnnotation = "x-opt-message-state";

    /// <summary>The messages a transfer carries: one, or each Data section of a batch envelope (format 0x80013700).</summary>
    public static IReadOnlyList<MessageContent> Decode(AmqpMessage message)
    {
        message.Deserialize(SectionFlag.All);
        if (message.MessageFormat == AmqpConstants.AmqpBatchedMessageFormat)
        {
            return message.DataBody.Select(section => FromBytes((ArraySegment<byte>)section.Value)).ToList();
        }

        return [Read(message, (int)message.SerializedMessageSize)];
    }

    /// <summary>A complete encoded message (a batch section, or a management request's <c>message</c> binary).</summary>
    public static MessageContent FromBytes(ArraySegment<byte> encoded)
    {
        using var message = AmqpMessage.CreateAmqpStreamMessage(new BufferListStream([encoded]), true);
        message.Deserialize(SectionFlag.All);
        return Read(message, encoded.Count);
    }

    /// <summary>The message a receiver gets: the sender's sections, the broker's header and annotations.</summary>
    public static AmqpMessage ToAmqp(MessageSnapshot snapshot)
    {
        var content = snapshot.Content;
        var message = CreateWithBody(content);
        message.Header.Durable = content.Header?.Durable;
        message.Header.Priority = content.Header?.Priority;
        message.Header.Ttl = content.Header?.Ttl;
        message.Header.DeliveryCount = (uint)snapshot.DeliveryCount;
        CopyProperties(content.Properties, message.Properties);
        if (content.ApplicationProperties is not null)
        {
            message.ApplicationProperties = content.ApplicationProperties;
        }

        var annotations = message.MessageAnnotations.Map;
        if (content.MessageAnnotations is not null)
        {
            foreach (var (key, value) in content.MessageAnnotations.Map)
            {
                annotations[key] = value;
            }
        }

        annotations[SequenceNumberAnnotation] = snapshot.SequenceNumber;
        annotations[EnqueueSequenceNumberAnnotation] = snapshot.SequenceNumber;
        annotations[EnqueuedTimeAnnotation] = snapshot.EnqueuedTime;
        annotations[MessageStateAnnotation] = ClientState(snapshot.State);
        if (snapshot.LockToken is not null)
        {
            annotations[LockedUntilAnnotation] = snapshot.LockedUntil;
        }

        if (snapshot.DeadLetterSource is not null)
        {
            annotations[DeadLetterSourceAnnotation] = snapshot.DeadLetterSource;
        }

        return message;
    }

    /// <summary>A message encoded whole, as management replies carry it (<c>message</c>: binary).</summary>
    public static ArraySegment<byte> Encode(AmqpMessage message)
    {
        using var stream = message.ToStream();
        using var buffer = new MemoryStream();
        stream.CopyTo(buffer);
        return new ArraySegment<byte>(buffer.ToArray());
    }

    /// <summary>The client's ServiceBusMessageState, an int: Active 0, Deferred 1, Scheduled 2.</summary>
    private static int ClientState(MessageState state) => state switch
    {
        MessageState.Deferred => 1,
        MessageState.Scheduled => 2,
        _ => 0,
    };

    private static void CopyProperties(Properties? from, Properties to)
    {
        if (from is null)
        {
            return;
        }

        to.MessageId = from.MessageId;
        to.UserId = from.UserId;
        to.To = from.To;
        to.Subject = from.Subject;
        to.ReplyTo = from.ReplyTo;
        to.CorrelationId = from.CorrelationId;
        to.ContentType = from.ContentType;
        to.ContentEncoding = from.ContentEncoding;
        to.AbsoluteExpiryTime = from.AbsoluteExpiryTime;
        to.CreationTime = from.CreationTime;
        to.GroupId = from.GroupId;
        to.GroupSequence = from.GroupSequence;
        to.ReplyToGroupId = from.ReplyToGroupId;
    }

    private static AmqpMessage CreateWithBody(MessageContent content)
    {
        if (content.DataBody is { } data)
        {
            return AmqpMessage.Create(data.Select(bytes => new Data { Value = new ArraySegment<byte>(bytes) }).ToList());
        }

        if (content.ValueBody is { } value)
        {
            return AmqpMessage.Create(value);
        }

        return content.SequenceBody is { } sequences ? AmqpMessage.Create(sequences) : AmqpMessage.Create();
    }

    private static MessageContent Read(AmqpMessage message, int size)
    {
        var sections = message.Sections;
        var body = message.BodyType;
        return new MessageContent
        {
            Header = sections.HasFlag(SectionFlag.Header) ? message.Header : null,
            Properties = sections.HasFlag(SectionFlag.Properties) ? message.Properties : null,
            ApplicationProperties = sections.HasFlag(SectionFlag.ApplicationProperties) ? message.ApplicationProperties : null,
            MessageAnnotations = sections.HasFlag(SectionFlag.MessageAnnotations) ? message.MessageAnnotations : null,
            // Copied: the frame buffer behind the section goes back to the library's pool.
            DataBody = body == SectionFlag.Data ? message.DataBody.Select(section => ((ArraySegment<byte>)section.Value).ToArray()).ToList() : null,
            ValueBody = body == SectionFlag.AmqpValue ? message.ValueBody : null,
            SequenceBody = body == SectionFlag.AmqpSequence ? message.SequenceBody.ToList() : null,
            Size = size > 0 ? size : message.DataBody?.Sum(section => ((ArraySegment<byte>)section.Value).Count) ?? 0,
        };
    }
}
