namespace Cqrs;

/// <summary>
/// A small number per message type, taken on first use and the same in every container of the process: a catalog
/// finds a type's descriptor by it in an array, with no hash lookup. Holds no reference, so no container outlives its use.
/// </summary>
internal static class MessageSlot
{
    private static int s_taken;

    public static int Take() => Interlocked.Increment(ref s_taken) - 1;
}

/// <summary>The slot of <typeparamref name="T"/>.</summary>
internal static class MessageSlot<T>
{
    public static readonly int Index = MessageSlot.Take();
}
