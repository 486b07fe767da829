namespace Cqrs;

/// <summary>
/// The integer key of a serialized member: the member's index in the MessagePack array.
/// Keys never change once published; add new members with new keys, never reuse one.
/// On a positional record, put it on the parameter as <c>[property: Key(0)]</c>.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field)]
public sealed class KeyAttribute(int index) : Attribute
{
    /// <summary>The member's index in the serialized array.</summary>
    public int Index { get; } = index;
}
