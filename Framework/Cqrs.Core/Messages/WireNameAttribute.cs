namespace Cqrs;

/// <summary>
/// The stable name a message travels under (for example <c>orders.v1.place-order</c>),
/// independent of its CLR name and namespace. Required on every command and event.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, Inherited = false)]
public sealed class WireNameAttribute(string name) : Attribute
{
    /// <summary>The wire name.</summary>
    public string Name { get; } = name;
}
