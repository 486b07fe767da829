namespace Cqrs.ServiceBus;

/// <summary>
/// Names of the subscriptions of <see cref="ServiceBusOptions.SubscriptionPerHandler"/>: the endpoint's subscription,
/// the handler's type name (readable in the portal) and a hash of both with the handler's full name. The hash is
/// always there, as two handlers may share a type name in different namespaces. A saga's handler is named
/// <c>&lt;saga wire name&gt;/&lt;message wire name&gt;</c>: its readable part keeps the last segment of both, so the
/// saga shows beside the message (<c>delivery-saga-drone-assigned</c>). Service Bus subscription names hold at most 50
/// letters, digits, <c>. - _</c>: other characters become <c>_</c>, and a long name is cut before the hash.
/// </summary>
internal static class HandlerSubscriptionNames
{
    private const int MaxLength = 50;

    public static string For(string subscription, string handler)
    {
        var readable = new string([.. $"{subscription}-{ReadablePart(handler)}".Take(MaxLength - NameHash.Length - 1).Select(Allowed)]);
        return $"{readable}-{NameHash.Of($"{subscription}/{handler}")}";
    }

    /// <summary>
    /// A CLR type's name never holds a <c>/</c>, so an ordinary handler keeps the name it was deployed under (a new name
    /// would orphan its subscription).
    /// </summary>
    private static string ReadablePart(string handler) =>
        handler.Split('/') is [var saga, var message] ? $"{LastSegment(saga)}-{LastSegment(message)}" : LastSegment(handler);

    private static string LastSegment(string name) => name[(name.LastIndexOfAny(['.', '+']) + 1)..];

    private static char Allowed(char c) => char.IsAsciiLetterOrDigit(c) || c is '.' or '-' or '_' ? c : '_';
}
