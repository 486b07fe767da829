namespace Cqrs;

/// <summary>
/// Which registered handlers this process runs, from <see cref="CqrsOptions.SendOnly"/> and <see cref="CqrsOptions.Receive"/>:
/// decided from the handlers' names alone, before any handler is built. Query handlers always run: a query is answered
/// in the caller's process.
/// </summary>
internal static class HandlerSelection
{
    /// <summary>True when <paramref name="handler"/> runs in a process with <paramref name="options"/>.</summary>
    public static bool Runs(CqrsOptions options, HandlerRegistration handler)
    {
        if (handler.Kind == MessageKind.Query)
        {
            return true;
        }

        var receive = options.Receive;
        return !options.SendOnly
            && (receive.Handlers.Count == 0 || AnyMatches(receive.Handlers, handler))
            && !AnyMatches(receive.ExceptHandlers, handler);
    }

    /// <summary>
    /// True when <paramref name="name"/> stands for <paramref name="handler"/>: its own name, or, for a saga's handler (named
    /// <c>&lt;saga wire name&gt;/&lt;message wire name&gt;</c>), the saga's wire name.
    /// </summary>
    public static bool Matches(string name, HandlerRegistration handler) =>
        handler.Kind != MessageKind.Query
        && (handler.Name == name || handler.Name.Length > name.Length && handler.Name[name.Length] == '/' && handler.Name.StartsWith(name, StringComparison.Ordinal));

    private static bool AnyMatches(IList<string> names, HandlerRegistration handler)
    {
        foreach (var name in names)
        {
            if (Matches(name, handler))
            {
                return true;
            }
        }

        return false;
    }
}
