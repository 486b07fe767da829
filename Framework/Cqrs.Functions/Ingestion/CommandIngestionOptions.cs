namespace Cqrs.Functions;

/// <summary>Limits of HTTP command ingestion, bound from the <c>Cqrs:Ingestion</c> configuration section.</summary>
public sealed class CommandIngestionOptions
{
    /// <summary>The configuration section these options are read from.</summary>
    public const string SectionName = "Cqrs:Ingestion";

    /// <summary>Largest request body accepted, in bytes, JSON or MessagePack; a larger one is refused with 413. Default 64 KiB.</summary>
    public int MaxBodyBytes { get; set; } = 64 * 1024;

    /// <summary>
    /// How long a request's whole body may take to arrive, from the start of its ingestion; a slower one is refused
    /// with 408, so a caller that trickles bytes holds neither a buffer nor a thread for long. Default 10 seconds.
    /// </summary>
    public TimeSpan BodyTimeout { get; set; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// The <c>Retry-After</c> of a 202: how long a caller should wait before asking how its command stands. Default 1 second.
    /// </summary>
    public TimeSpan RetryAfter { get; set; } = TimeSpan.FromSeconds(1);
}
