namespace Cqrs.Benchtest.ScaleOut;

/// <summary>An effect or an inbox record, as a <see cref="HandlerRunLog"/> keeps it.</summary>
/// <param name="Handler">The handler's type name.</param>
/// <param name="Sequence">The operation's sequence.</param>
/// <param name="MessageId">The id of the message it handled.</param>
/// <param name="Incarnation">The consumer process that wrote it: each start of a consumer is a new incarnation.</param>
/// <param name="At">
/// A <see cref="System.Diagnostics.Stopwatch"/> timestamp: for an effect, taken before the inbox's check that let it run;
/// for a record, once the record was written.
/// </param>
internal readonly record struct LoggedEffect(string Handler, int Sequence, Guid MessageId, int Incarnation, long At);
