using System.Text.Json;

namespace Cqrs.Functions.Ingestion;

/// <summary>What a JSON value of a command's contract may be, and how a caller is told what was expected.</summary>
internal sealed class JsonShape(JsonShapeKind kind, string expected)
{
    public JsonShapeKind Kind { get; } = kind;

    /// <summary>What the caller should send, in words ("a whole number from 0 to 255"), never a .NET type name.</summary>
    public string Expected { get; } = expected;

    /// <summary>True when JSON null is a valid value.</summary>
    public bool AcceptsNull { get; init; }

    /// <summary>The members of an object, set once the shape is built (a contract may contain itself).</summary>
    public IReadOnlyList<JsonMember> Members { get; set; } = [];

    /// <summary>The elements of an array, or the values of a map.</summary>
    public JsonShape? Element { get; set; }

    /// <summary>Whether a token of the right kind holds a value the contract can take (a number in range, a well-formed date).</summary>
    public Func<Utf8JsonReader, bool>? Fits { get; init; }

    public JsonShape Nullable() => new(Kind, Expected + " or null") { AcceptsNull = true, Members = Members, Element = Element, Fits = Fits };
}

/// <summary>One member of an object: its JSON name, and whether it must be sent.</summary>
internal sealed record JsonMember(string Name, JsonShape Shape, bool Required);

/// <summary>The JSON token kinds a shape takes.</summary>
internal enum JsonShapeKind
{
    Object,
    Array,
    Map,
    String,
    Number,
    Boolean,

    /// <summary>A string or a number (an enum): the serializer decides which names or numbers it takes.</summary>
    StringOrNumber,

    /// <summary>A value with a converter of its own: the serializer checks it.</summary>
    Any,
}
