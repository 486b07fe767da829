using System.Text.Json.Serialization;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>Source-generated JSON for scale-out points: camelCase names, no reflection.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(ScaleOutPoint))]
internal sealed partial class ScaleOutJsonContext : JsonSerializerContext;
