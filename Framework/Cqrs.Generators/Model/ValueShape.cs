namespace Cqrs.Generators.Model;

/// <summary>How a value is laid out in MessagePack.</summary>
internal enum ShapeKind
{
    /// <summary>A type the reader and writer handle directly, string included.</summary>
    Scalar,

    /// <summary>An enum, written as its underlying integer.</summary>
    Enum,

    /// <summary>A byte array, written as MessagePack binary.</summary>
    Binary,

    /// <summary>A <c>Nullable&lt;T&gt;</c>: nil or the value.</summary>
    Nullable,

    /// <summary>A <c>T[]</c>.</summary>
    Array,

    /// <summary><c>List&lt;T&gt;</c>, <c>IList&lt;T&gt;</c> or <c>ICollection&lt;T&gt;</c>: counted, read back as a list.</summary>
    List,

    /// <summary><c>IReadOnlyList&lt;T&gt;</c> or <c>IReadOnlyCollection&lt;T&gt;</c>: counted, read back as an array.</summary>
    ReadOnlyCollection,

    /// <summary><c>IEnumerable&lt;T&gt;</c>: enumerated once, read back as an array.</summary>
    Enumerable,

    /// <summary>A dictionary, written as a MessagePack map and read back as a <c>Dictionary&lt;K,V&gt;</c>.</summary>
    Map,

    /// <summary>A type of this compilation with its own generated codec.</summary>
    Contract,
}

/// <summary>The serialization shape of one member or element type.</summary>
/// <param name="TypeName">The type, fully qualified, without nullable reference annotations.</param>
/// <param name="IsReference">True when the value may be null and is written as nil then.</param>
internal sealed record ValueShape(ShapeKind Kind, string TypeName, bool IsReference)
{
    /// <summary>The System type the reader and writer know: <c>Int32</c> for scalars of that type and enums based on it.</summary>
    public string ScalarName { get; init; } = "";

    /// <summary>The element of a collection, the value of a map, the inner type of a nullable.</summary>
    public ValueShape? Element { get; init; }

    /// <summary>The key of a map.</summary>
    public ValueShape? Key { get; init; }

    /// <summary>The generated codec class of a contract.</summary>
    public string CodecName { get; init; } = "";

    /// <summary>
    /// True for a reference type declared non-nullable: nil is refused on reading, so a handler never meets the null
    /// its type rules out. Oblivious (nullable-disabled) declarations allow nil.
    /// </summary>
    public bool NilForbidden { get; init; }
}
