namespace Cqrs.Benchtest.ScaleOut;

/// <summary>One run of an event handler, as a <see cref="HandlerRunLog"/> keeps it.</summary>
/// <param name="Handler">The handler's type name.</param>
/// <param name="Sequence">The operation's sequence.</param>
/// <param name="MessageId">The id of the event it handled.</param>
internal readonly record struct HandlerRun(string Handler, int Sequence, Guid MessageId);
