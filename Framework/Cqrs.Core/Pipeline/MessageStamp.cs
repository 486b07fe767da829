namespace Cqrs.Pipeline;

/// <summary>
/// A message's id and the moment it was sent. A handler's send carries the parts of its stable id (its position and
/// the handled message's id) rather than the id itself: hashing them costs more than the rest of a direct dispatch, and
/// a message handled in line whose handlers never read its id needs none. <see cref="MessageId"/> computes it on each
/// read, so a reader that keeps it reads it once.
/// </summary>
internal readonly struct MessageStamp
{
    /// <summary>The id; or, when <see cref="_stableAt"/> is set, the id of the message whose handler sends this one.</summary>
    private readonly Guid _idOrHandled;

    /// <summary>The send's position among its handler's sends, when its id is a stable one not computed yet.</summary>
    private readonly SendPosition? _stableAt;

    public MessageStamp(Guid messageId, DateTimeOffset time)
    {
        _idOrHandled = messageId;
        Time = time;
    }

    private MessageStamp(SendPosition position, Guid handled, DateTimeOffset time)
    {
        _idOrHandled = handled;
        _stableAt = position;
        Time = time;
    }

    /// <summary>The id, computed now when it is a stable one (see <see cref="SendPosition.IdOf"/>).</summary>
    public Guid MessageId => _stableAt is { } position ? position.IdOf(_idOrHandled) : _idOrHandled;

    /// <summary>Whether <see cref="MessageId"/> has still to be computed, as a stable id is.</summary>
    public bool IdPending => _stableAt is not null;

    public DateTimeOffset Time { get; }

    /// <summary>The stamp of a handler's send from <paramref name="position"/>, whose id is computed when first read.</summary>
    public static MessageStamp Stable(SendPosition position, Guid handled, DateTimeOffset time) => new(position, handled, time);
}
