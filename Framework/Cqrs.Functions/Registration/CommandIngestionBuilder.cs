using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Cqrs.Functions.Ingestion;
using Cqrs.Serialization;

namespace Cqrs.Functions;

/// <summary>
/// The commands HTTP callers may send, each under its wire name. Every method is generic, so each command's JSON
/// contract and codec are bound at compile time; nothing is looked up by a name the caller gives. Not thread-safe.
/// </summary>
public sealed class CommandIngestionBuilder : ICommandTypeVisitor
{
    private static readonly JsonSerializerOptions JsonOptions = new(JsonSerializerDefaults.Web)
    {
        TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
        // A missing or null member is a malformed body, not a default value sent on.
        RespectNullableAnnotations = true,
        RespectRequiredConstructorParameters = true,
    };

    internal Dictionary<string, IngestibleCommand> Commands { get; } = new(StringComparer.Ordinal);

    /// <summary>
    /// Accepts <typeparamref name="TCommand"/> at <c>POST /api/commands/{wireName}</c> as JSON and, when
    /// <paramref name="codec"/> is given, as MessagePack (<c>application/x-msgpack</c>).
    /// </summary>
    /// <param name="wireName">The command's wire name, as its <see cref="WireNameAttribute"/> gives it.</param>
    /// <param name="codec">The command's generated codec (<c>Cqrs.Generated.&lt;Type&gt;Codec.Instance</c>), or null for JSON only.</param>
    /// <exception cref="ArgumentException">The wire name is empty or already taken.</exception>
    public CommandIngestionBuilder Command<TCommand>(string wireName, IMessagePackCodec<TCommand>? codec = null)
        where TCommand : ICommand
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(wireName);
        var json = (JsonTypeInfo<TCommand>)JsonOptions.GetTypeInfo(typeof(TCommand));
        if (!Commands.TryAdd(wireName, new IngestibleCommand<TCommand>(wireName, json, codec)))
        {
            throw new ArgumentException($"Wire name '{wireName}' is already accepted.", nameof(wireName));
        }

        return this;
    }

    void ICommandTypeVisitor.Visit<TCommand>(string wireName, IMessagePackCodec<TCommand> codec) => Command(wireName, codec);
}
