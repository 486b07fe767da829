using Cqrs.Diagnostics;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>The pipeline as a message store sees it: see <see cref="IMessageStorePipeline"/>. Thread-safe.</summary>
internal sealed class MessageStorePipeline(MessageCatalog catalog, CqrsTelemetry telemetry, TimeProvider clock, IServiceProvider services) : IMessageStorePipeline
{
    private MessagePipeline? _pipeline;

    /// <summary>
    /// Resolved on first use, not injected: handlers that depend on a store are built by the pipeline itself. Resolving
    /// it also binds the catalog's validators, which a store may need before any bus is used.
    /// </summary>
    private MessagePipeline Pipeline => _pipeline ??= services.GetRequiredService<MessagePipeline>();

    public async ValueTask<SerializedMessage> ValidateAndSerializeAsync(object message, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        var descriptor = catalog.Get(message.GetType());
        _ = Pipeline;
        await descriptor.ThrowIfInvalidObjectAsync(message, cancellationToken).ConfigureAwait(false);
        return new SerializedMessage(descriptor.WireName, descriptor.Kind, descriptor.SerializeObject(message));
    }

    public object Deserialize(string wireName, ReadOnlyMemory<byte> body) => DescriptorOf(wireName).DeserializeObject(body);

    public Guid NewMessageId() => MessageIds.Next(clock).MessageId;

    public ValueTask PublishAsync(StoredMessage message, StoredDelivery delivery, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        return Pipeline.PublishStoredAsync(DescriptorOf(message.WireName), message, delivery, validated, cause, cancellationToken);
    }

    public void RecordDeadLettered(string wireName, string reason) => telemetry.RecordDeadLettered(wireName, reason);

    private MessageDescriptor DescriptorOf(string wireName) =>
        catalog.TryGet(wireName, out var descriptor)
            ? descriptor
            : throw new InvalidOperationException($"No message type is registered under the wire name '{wireName}'.");
}
