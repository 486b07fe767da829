namespace Cqrs.Benchtest.ScaleOut;

/// <summary>One run of an event handler, as a <see cref="HandlerRunLog"/> keeps it.</summary>
/// <param name="Handler">The handler's type name.</param>
/// <param name="Sequence">The operation's sequence.</param>
/// <param name="MessageId">The id of the event it handled.</param>
/// <param name="Lane">The event's ordering key; null: none.</param>
/// <param name="At">When it was logged, as a <see cref="System.Diagnostics.Stopwatch"/> timestamp.</param>
internal readonly record struct HandlerRun(string Handler, int Sequence, Guid MessageId, int? Lane = null, long At = 0);
