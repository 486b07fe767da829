using Azure;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>A stream's version and the ETag of its head row (null when the stream does not exist).</summary>
internal readonly record struct StreamHead(long Version, ETag? ETag)
{
    public static StreamHead None { get; } = new(0, null);
}
