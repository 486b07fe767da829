using System.Text.Json.Serialization;

namespace Cqrs.Benchtest;

/// <summary>Source-generated JSON for results: camelCase names, no reflection.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(BenchtestResult))]
internal sealed partial class BenchtestJsonContext : JsonSerializerContext;
