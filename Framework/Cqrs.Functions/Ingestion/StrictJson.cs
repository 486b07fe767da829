using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using MessagePack;

namespace Cqrs.Functions.Ingestion;

/// <summary>How command bodies are read as JSON: as strictly as MessagePack bodies are.</summary>
internal static class StrictJson
{
    /// <summary>The deepest nesting read, the same as the MessagePack path's untrusted-data limit.</summary>
    public static int MaxDepth { get; } = MessagePackSecurity.UntrustedData.MaximumObjectGraphDepth;

    public static JsonSerializerOptions Options { get; } = new(JsonSerializerDefaults.Web)
    {
        TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
        // The web defaults read numbers from strings; a command's number is a JSON number.
        NumberHandling = JsonNumberHandling.Strict,
        AllowDuplicateProperties = false,
        // A missing or null member is a malformed body, not a default value sent on.
        RespectNullableAnnotations = true,
        RespectRequiredConstructorParameters = true,
        MaxDepth = MaxDepth,
    };

    /// <summary>The reader's settings: no comments, no trailing commas, the same depth.</summary>
    public static JsonReaderOptions ReaderOptions { get; } = new() { MaxDepth = MaxDepth };
}
