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
    /// it also binds the catalog, whose descriptors hold the validators a store may need before any bus is used.
    /// </summary>
    private MessagePipeline Pipeline => _pipeline ??= services.GetRequiredService<MessagePipeline>();

    public async ValueTask<SerializedMessage> ValidateAndSerializeAsync(object message, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        var definition = catalog.DefinitionOf(message.GetType());
        _ = Pipeline;
        var descriptor = catalog.Get(definition.ClrType);
        await descriptor.ThrowIfInvalidObjectAsync(message, cancellationToken).ConfigureAwait(false);
        return new SerializedMessage(descriptor.WireName, descriptor.Kind, descriptor.SerializeObject(message));
    }

    public object Deserialize(string wireName, ReadOnlyMemory<byte> body) =>
        catalog.TryGetDefinition(wireName, out var definition) ? definition.DeserializeObject(body) : throw UnknownWireName(wireName);

    public Guid NewMessageId() => MessageIds.Next(clock).MessageId;

    public ValueTask PublishAsync(StoredMessage message, StoredDelivery delivery, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        var pipeline = Pipeline; // binds the catalog
        var descriptor = catalog.TryGet(message.WireName, out var found) ? found : throw UnknownWireName(message.WireName);
        return pipeline.PublishStoredAsync(descriptor, message, delivery, validated, cause, cancellationToken);
    }

    public void RecordDeadLettered(string wireName, string reason) => telemetry.RecordDeadLettered(wireName, reason);

    private static InvalidOperationException UnknownWireName(string wireName) =>
        new($"No message type is registered under the wire name '{wireName}'.");
}
