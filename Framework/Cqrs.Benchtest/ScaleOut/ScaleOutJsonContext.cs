using System.Text.Json.Serialization;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>Source-generated JSON for scale-out points and churn results: camelCase names, no reflection.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(ScaleOutPoint))]
[JsonSerializable(typeof(ChurnResult))]
internal sealed partial class ScaleOutJsonContext : JsonSerializerContext;
