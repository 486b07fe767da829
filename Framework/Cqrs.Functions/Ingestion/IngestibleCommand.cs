namespace Cqrs.Functions.Ingestion;

/// <summary>One command type that HTTP callers may send, found by its wire name.</summary>
internal abstract class IngestibleCommand(string wireName)
{
    public string WireName { get; } = wireName;

    /// <summary>Whether a body of <paramref name="format"/> can be read for this command.</summary>
    public abstract bool Reads(BodyFormat format);

    /// <summary>Reads the body as this command and sends it; validation happens in the send.</summary>
    /// <returns>The ids it was sent under, and where the caller can follow it (null when the app names no place).</returns>
    /// <exception cref="MalformedBodyException">The body is not one valid command of this type.</exception>
    /// <exception cref="FluentValidation.ValidationException">The command is invalid; nothing was sent.</exception>
    public abstract ValueTask<(SentMessage Sent, string? Location)> SendAsync(
        ICommandBus bus, ReadOnlyMemory<byte> body, BodyFormat format, CancellationToken cancellationToken);
}
