using System.Text.Json;

namespace Cqrs.Functions.Ingestion;

/// <summary>What a JSON value of a command's contract may be, and how a caller is told what was expected.</summary>
internal sealed class JsonShape(JsonShapeKind kind, string expected)
{
    private readonly JsonShape? _nullableOf;
    private IReadOnlyList<JsonMember> _members = [];
    private JsonShape? _element;

    private JsonShape(JsonShape nullableOf)
        : this(nullableOf.Kind, nullableOf.Expected + " or null") =>
        (_nullableOf, AcceptsNull, Fits) = (nullableOf, true, nullableOf.Fits);

    public JsonShapeKind Kind { get; } = kind;

    /// <summary>What the caller should send, in words ("a whole number from 0 to 255"), never a .NET type name.</summary>
    public string Expected { get; } = expected;

    /// <summary>True when JSON null is a valid value.</summary>
    public bool AcceptsNull { get; }

    /// <summary>
    /// The members of an object, set once the shape is built: a contract may contain itself, so a nullable shape
    /// reads them from the shape it was made from.
    /// </summary>
    public IReadOnlyList<JsonMember> Members
    {
        get => _nullableOf?.Members ?? _members;
        set => _members = value;
    }

    /// <summary>The elements of an array, or the values of a map.</summary>
    public JsonShape? Element
    {
        get => _nullableOf?.Element ?? _element;
        set => _element = value;
    }

    /// <summary>Whether a token of the right kind holds a value the contract can take (a number in range, a well-formed date).</summary>
    public Func<Utf8JsonReader, bool>? Fits { get; init; }

    /// <summary>This shape, or null.</summary>
    public JsonShape Nullable() => new(this);
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
