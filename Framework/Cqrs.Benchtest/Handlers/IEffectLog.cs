namespace Cqrs.Benchtest.Handlers;

/// <summary>
/// Where a handler that does its work through the inbox (<see cref="InboxEffects"/>) says what happened: its effect,
/// and then the inbox's record of it. Kept apart, so that an audit can tell a repeat the inbox allows (its process
/// died between the two) from one it should have stopped.
/// </summary>
internal interface IEffectLog
{
    /// <summary>
    /// <paramref name="handler"/>'s work for the operation <paramref name="sequence"/> has run, on the message
    /// <paramref name="messageId"/>, after the inbox was asked, at <paramref name="checkedAt"/>, whether it had run before.
    /// </summary>
    /// <param name="handler">The handler's name.</param>
    /// <param name="sequence">The operation.</param>
    /// <param name="messageId">The message handled.</param>
    /// <param name="checkedAt">A <see cref="System.Diagnostics.Stopwatch"/> timestamp taken before the inbox's check: the machine's monotonic clock, which every process reads alike.</param>
    void EffectDone(string handler, int sequence, Guid messageId, long checkedAt);

    /// <summary>
    /// The inbox has recorded that work, by <paramref name="recordedAt"/> (a <see cref="System.Diagnostics.Stopwatch"/>
    /// timestamp taken once the record was written): a later delivery of <paramref name="messageId"/> to
    /// <paramref name="handler"/> is to be skipped.
    /// </summary>
    void RecordDone(string handler, int sequence, Guid messageId, long recordedAt);
}
