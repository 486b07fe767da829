namespace Cqrs.EventSourcing;

/// <summary>
/// The rule every store applies to stream ids: 1 to 200 characters, none of them a control character or
/// one of <c>/ \ # ?</c> (which Azure Table keys forbid), so that a stream id works in every store.
/// </summary>
public static class StreamIds
{
    /// <summary>The longest stream id.</summary>
    public const int MaxLength = 200;

    /// <exception cref="ArgumentException"><paramref name="streamId"/> breaks the rule.</exception>
    public static void ThrowIfInvalid(string streamId)
    {
        ArgumentException.ThrowIfNullOrEmpty(streamId);
        if (streamId.Length > MaxLength)
        {
            throw new ArgumentException($"A stream id has at most {MaxLength} characters; this one has {streamId.Length}.", nameof(streamId));
        }

        foreach (var character in streamId)
        {
            if (char.IsControl(character) || character is '/' or '\\' or '#' or '?')
            {
                throw new ArgumentException($"Stream id '{streamId}' holds '{character}', which stream ids may not hold (control characters, / \\ # ?).", nameof(streamId));
            }
        }
    }
}
