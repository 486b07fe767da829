namespace Cqrs.ServiceBus;

/// <summary>
/// Names of the subscriptions of <see cref="ServiceBusOptions.SubscriptionPerHandler"/>: the endpoint's subscription,
/// the handler's type name (readable in the portal) and a hash of both with the handler's full name. The hash is
/// always there, as two handlers may share a type name in different namespaces. Service Bus subscription names hold
/// at most 50 letters, digits, <c>. - _</c>: other characters become <c>_</c>, and a long name is cut before the hash.
/// </summary>
internal static class HandlerSubscriptionNames
{
    private const int MaxLength = 50;

    public static string For(string subscription, string handler)
    {
        var typeName = handler[(handler.LastIndexOfAny(['.', '+']) + 1)..];
        var readable = new string([.. $"{subscription}-{typeName}".Take(MaxLength - NameHash.Length - 1).Select(Allowed)]);
        return $"{readable}-{NameHash.Of($"{subscription}/{handler}")}";
    }

    private static char Allowed(char c) => char.IsAsciiLetterOrDigit(c) || c is '.' or '-' or '_' ? c : '_';
}
