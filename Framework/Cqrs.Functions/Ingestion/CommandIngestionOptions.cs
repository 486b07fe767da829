namespace Cqrs.Functions;

/// <summary>Limits of HTTP command ingestion, bound from the <c>Cqrs:Ingestion</c> configuration section.</summary>
public sealed class CommandIngestionOptions
{
    /// <summary>The configuration section these options are read from.</summary>
    public const string SectionName = "Cqrs:Ingestion";

    /// <summary>Largest request body accepted, in bytes; a larger one is refused with 413. Default 64 KiB.</summary>
    public int MaxBodyBytes { get; set; } = 64 * 1024;
}
