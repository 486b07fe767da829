using System.Text.Json;
using System.Text.Json.Serialization;

namespace Cqrs.Functions.Ingestion;

/// <summary>Writes <see cref="AcceptedCommand"/> without reflection.</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(AcceptedCommand))]
internal sealed partial class AcceptedCommandJsonContext : JsonSerializerContext;
