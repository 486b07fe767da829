using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Cqrs.Diagnostics;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>The pipeline as a message store sees it: see <see cref="IMessageStorePipeline"/>. Thread-safe.</summary>
internal sealed class MessageStorePipeline(MessageCatalog catalog, CqrsTelemetry telemetry, TimeProvider clock, IServiceProvider services) : IMessageStorePipeline
{
    /// <summary>What <see cref="_validatedBodies"/> maps each body to: only whether it is there counts.</summary>
    private static readonly object Validated = new();

    /// <summary>
    /// The bodies this pipeline validated and serialized, by identity: a stored message published with one of them
    /// skips validation on receive. Any other body (read back from storage, or built by a store) is validated, so no
    /// caller can switch validation off. An entry lives as long as its body.
    /// </summary>
    private readonly ConditionalWeakTable<byte[], object> _validatedBodies = new();

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
        var body = descriptor.SerializeObject(message);
        _validatedBodies.AddOrUpdate(body, Validated);
        return new SerializedMessage(descriptor.WireName, descriptor.Kind, body);
    }

    public object Deserialize(string wireName, ReadOnlyMemory<byte> body) =>
        catalog.TryGetDefinition(wireName, out var definition) ? definition.DeserializeObject(body) : throw UnknownWireName(wireName);

    public Guid NewMessageId() => MessageIds.Next(clock).MessageId;

    public Guid NewMessageId(IMessageContext? cause) =>
        cause is MessageContext context && context.TakeSendPosition().IdFor(context.MessageId) is { } id ? id : NewMessageId();

    public ValueTask PublishAsync(StoredMessage message, StoredDelivery delivery, IMessageContext? cause, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        var pipeline = Pipeline; // binds the catalog
        var descriptor = catalog.TryGet(message.WireName, out var found) ? found : throw UnknownWireName(message.WireName);
        return pipeline.PublishStoredAsync(descriptor, message, delivery, WasValidatedHere(message), cause, cancellationToken);
    }

    public void RecordDeadLettered(string wireName, string reason) => telemetry.RecordDeadLettered(wireName, reason);

    /// <summary>Whether the message's body is, whole, one this pipeline validated and serialized.</summary>
    private bool WasValidatedHere(StoredMessage message) =>
        MemoryMarshal.TryGetArray(message.Body, out var body)
        && body.Offset == 0
        && body.Count == body.Array!.Length
        && _validatedBodies.TryGetValue(body.Array, out _);

    private static InvalidOperationException UnknownWireName(string wireName) =>
        new($"No message type is registered under the wire name '{wireName}'.");
}
