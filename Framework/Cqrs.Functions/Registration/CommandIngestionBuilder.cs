using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Cqrs.Functions.Ingestion;
using Cqrs.Serialization;

namespace Cqrs.Functions;

/// <summary>
/// The commands HTTP callers may send, each under its wire name, and where a caller follows each one. Every method is
/// generic, so each command's JSON contract and codec are bound at compile time; nothing is looked up by a name the
/// caller gives. Nothing is exposed unless named here. Not thread-safe.
/// </summary>
public sealed class CommandIngestionBuilder : ICommandTypeVisitor
{
    private readonly Dictionary<string, AcceptedType> _accepted = new(StringComparer.Ordinal);
    private readonly Dictionary<Type, Delegate> _locations = [];
    private bool _publicCommands;

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
        var json = (JsonTypeInfo<TCommand>)StrictJson.Options.GetTypeInfo(typeof(TCommand));
        var shape = JsonShapes.Of(json);
        AcceptedType accepted = new(typeof(TCommand), locations => new IngestibleCommand<TCommand>(
            wireName, json, shape, codec, locations.TryGetValue(typeof(TCommand), out var location) ? (Func<TCommand, string>)location : null));
        if (!_accepted.TryAdd(wireName, accepted))
        {
            throw new ArgumentException($"Wire name '{wireName}' is already accepted.", nameof(wireName));
        }

        return this;
    }

    /// <summary>
    /// Accepts every command that the app's registries declare public (<see cref="PublicCommandAttribute"/>), each under
    /// its wire name, bound through its generated registry entry (JSON to the command's own type, MessagePack with its
    /// generated codec).
    /// </summary>
    public CommandIngestionBuilder PublicCommands()
    {
        _publicCommands = true;
        return this;
    }

    /// <summary>
    /// Gives the 202 of an accepted <typeparamref name="TCommand"/> a <c>Location</c>: where the caller can ask how
    /// the command's work stands (a query of the app's, such as <c>/api/deliveries/{id}</c>).
    /// </summary>
    /// <param name="location">The status URL of a command, absolute or relative to the request's; it is called on the request's thread.</param>
    public CommandIngestionBuilder Follow<TCommand>(Func<TCommand, string> location)
        where TCommand : ICommand
    {
        ArgumentNullException.ThrowIfNull(location);
        _locations[typeof(TCommand)] = location;
        return this;
    }

    void ICommandTypeVisitor.Visit<TCommand>(string wireName, IMessagePackCodec<TCommand> codec)
    {
        // A command both listed and declared public is accepted once, as listed.
        if (!_accepted.ContainsKey(wireName))
        {
            Command(wireName, codec);
        }
    }

    /// <summary>The commands accepted, by wire name, once the registries' public commands are added.</summary>
    /// <exception cref="InvalidOperationException">An accepted command is one the app sends only to itself, or a followed command is not accepted.</exception>
    internal IngestibleCommands Build(CqrsBuilder cqrs)
    {
        if (_publicCommands)
        {
            cqrs.VisitPublicCommands(this);
        }

        var selfAddressed = _accepted.Where(pair => cqrs.IsSelfAddressedCommand(pair.Value.CommandType)).Select(pair => pair.Key).Order(StringComparer.Ordinal).ToList();
        if (selfAddressed.Count > 0)
        {
            throw new InvalidOperationException(
                $"HTTP ingestion may not accept {string.Join(", ", selfAddressed.Select(name => $"'{name}'"))}: the app sends it only to itself (a saga's timeout). Remove it from AddCommandIngestion.");
        }

        var unaccepted = _locations.Keys.Where(type => _accepted.Values.All(accepted => accepted.CommandType != type)).Select(type => type.Name).ToList();
        if (unaccepted.Count > 0)
        {
            throw new InvalidOperationException($"Follow names commands that ingestion does not accept: {string.Join(", ", unaccepted)}.");
        }

        return new IngestibleCommands(_accepted.ToDictionary(pair => pair.Key, pair => pair.Value.Create(_locations), StringComparer.Ordinal));
    }

    private sealed record AcceptedType(Type CommandType, Func<IReadOnlyDictionary<Type, Delegate>, IngestibleCommand> Create);
}
