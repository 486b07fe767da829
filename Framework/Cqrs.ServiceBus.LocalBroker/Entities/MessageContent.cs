using Microsoft.Azure.Amqp.Encoding;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// The sections a sender wrote, kept as sent and never changed in place: a change (properties to modify, dead-letter
/// reasons) makes a new instance, so a delivery being encoded on another thread never sees a half-made change.
/// </summary>
internal sealed class MessageContent
{
    public const string ScheduledEnqueueTimeAnnotation = "x-opt-scheduled-enqueue-time";

    public Header? Header { get; init; }

    public Properties? Properties { get; init; }

    public ApplicationProperties? ApplicationProperties { get; init; }

    /// <summary>The sender's message annotations (the broker adds its own on each delivery, on a copy).</summary>
    public MessageAnnotations? MessageAnnotations { get; init; }

    /// <summary>Data sections (each one copied out of the frame buffer), or <see langword="null"/> for another body.</summary>
    public IReadOnlyList<byte[]>? DataBody { get; init; }

    public AmqpValue? ValueBody { get; init; }

    public IReadOnlyList<AmqpSequence>? SequenceBody { get; init; }

    /// <summary>The encoded size, counted against the entity's maximum size.</summary>
    public required int Size { get; init; }

    public string? Subject => Properties?.Subject;

    /// <summary>The MessageId as text (how the client reads one of any AMQP type), or <see langword="null"/>.</summary>
    public string? MessageId => Properties?.MessageId?.ToString();

    public TimeSpan? TimeToLive => Header?.Ttl is { } ttl ? TimeSpan.FromMilliseconds(ttl) : null;

    public DateTime? ScheduledEnqueueTime =>
        MessageAnnotations?.Map[ScheduledEnqueueTimeAnnotation] is DateTime at ? at.ToUniversalTime() : null;

    /// <summary>The SessionId (the AMQP group-id), or <see langword="null"/>.</summary>
    public string? SessionId => Properties?.GroupId;

    /// <summary>This content with <paramref name="changes"/> merged into its application properties.</summary>
    public MessageContent WithApplicationProperties(IEnumerable<KeyValuePair<MapKey, object>> changes)
    {
        var merged = new ApplicationProperties();
        if (ApplicationProperties is not null)
        {
            foreach (var (key, value) in ApplicationProperties.Map)
            {
                merged.Map[key] = value;
            }
        }

        foreach (var (key, value) in changes)
        {
            merged.Map[key] = value;
        }

        return new MessageContent
        {
            Header = Header,
            Properties = Properties,
            ApplicationProperties = merged,
            MessageAnnotations = MessageAnnotations,
            DataBody = DataBody,
            ValueBody = ValueBody,
            SequenceBody = SequenceBody,
            Size = Size,
        };
    }
}
