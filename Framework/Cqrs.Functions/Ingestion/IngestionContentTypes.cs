namespace Cqrs.Functions.Ingestion;

/// <summary>The media types a command body may have.</summary>
internal static class IngestionContentTypes
{
    public const string Json = "application/json";

    public const string MessagePack = "application/x-msgpack";

    /// <summary>The body's format, read from its Content-Type (parameters such as charset ignored).</summary>
    public static BodyFormat? Parse(string? contentType)
    {
        if (contentType is null)
        {
            return null;
        }

        var mediaType = contentType.AsSpan();
        var parameters = mediaType.IndexOf(';');
        if (parameters >= 0)
        {
            mediaType = mediaType[..parameters];
        }

        mediaType = mediaType.Trim();
        return mediaType.Equals(Json, StringComparison.OrdinalIgnoreCase) ? BodyFormat.Json
            : mediaType.Equals(MessagePack, StringComparison.OrdinalIgnoreCase) ? BodyFormat.MessagePack
            : null;
    }
}
