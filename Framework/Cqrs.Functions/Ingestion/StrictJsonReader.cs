using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Unicode;

namespace Cqrs.Functions.Ingestion;

/// <summary>
/// Checks a JSON body against a command's <see cref="JsonShape"/> before the serializer reads it, and lists every
/// problem by member path: a token of the wrong kind (a number sent as a string), a number out of range, null where
/// the contract rules it out, a member missing or sent twice, invalid UTF-8, content after the command. Members the
/// contract does not know are skipped (their UTF-8 still checked). Malformed JSON stops the check where it is.
/// </summary>
internal ref struct StrictJsonReader
{
    /// <summary>Member names up to this length are compared without allocating.</summary>
    private const int StackNameLength = 128;

    /// <summary>Objects of up to this many members track which were sent without allocating.</summary>
    private const int StackMembers = 64;

    private readonly List<(string? Name, int Index)> _path = [];
    private Utf8JsonReader _reader;
    private BodyProblems? _problems;

    private StrictJsonReader(ReadOnlySpan<byte> body) => _reader = new Utf8JsonReader(body, StrictJson.ReaderOptions);

    /// <summary>The body's problems, or null when it fits the shape.</summary>
    public static BodyProblems? Check(ReadOnlySpan<byte> body, JsonShape shape)
    {
        var check = new StrictJsonReader(body);
        try
        {
            // The reader refuses an empty input as malformed; to a caller it is a body with no command in it.
            if (body.IsEmpty)
            {
                check.Add($"Expected {shape.Expected}; the body is empty.");
            }
            else
            {
                check._reader.Read();
                check.Value(shape);
                // The reader refuses anything but whitespace after the first value.
                check._reader.Read();
            }
        }
        catch (JsonException exception)
        {
            check.Add($"Expected well-formed JSON: {exception.Message}");
        }

        return check._problems;
    }

    private void Value(JsonShape shape)
    {
        var token = _reader.TokenType;
        if (token == JsonTokenType.Null)
        {
            if (!shape.AcceptsNull)
            {
                Add($"Expected {shape.Expected}; got null.");
            }

            return;
        }

        var fits = (shape.Kind, token) switch
        {
            (JsonShapeKind.Object, JsonTokenType.StartObject) => Object(shape),
            (JsonShapeKind.Map, JsonTokenType.StartObject) => Map(shape.Element!),
            (JsonShapeKind.Array, JsonTokenType.StartArray) => Array(shape.Element!),
            (JsonShapeKind.String or JsonShapeKind.StringOrNumber, JsonTokenType.String) => Utf8.IsValid(_reader.ValueSpan) || Add("Expected valid UTF-8."),
            (JsonShapeKind.Number or JsonShapeKind.StringOrNumber, JsonTokenType.Number) => true,
            (JsonShapeKind.Boolean, JsonTokenType.True or JsonTokenType.False) => true,
            (JsonShapeKind.Any, _) => SkipChecked(),
            _ => false,
        };
        if (!fits)
        {
            Add($"Expected {shape.Expected}; got {Described(token)}.");
            SkipChecked();
        }
        else if (shape.Fits is { } inRange && token is JsonTokenType.String or JsonTokenType.Number && !inRange(_reader))
        {
            Add($"Expected {shape.Expected}.");
        }
    }

    private bool Object(JsonShape shape)
    {
        var members = shape.Members;
        Span<bool> seen = members.Count <= StackMembers ? stackalloc bool[members.Count] : new bool[members.Count];
        while (_reader.Read() && _reader.TokenType == JsonTokenType.PropertyName)
        {
            var index = MemberIndex(members);
            _reader.Read();
            if (index < 0)
            {
                SkipChecked();
                continue;
            }

            _path.Add((members[index].Name, 0));
            if (seen[index])
            {
                Add("Expected each member once; it is sent more than once.");
                SkipChecked();
            }
            else
            {
                seen[index] = true;
                Value(members[index].Shape);
            }

            _path.RemoveAt(_path.Count - 1);
        }

        for (var index = 0; index < members.Count; index++)
        {
            if (members[index].Required && !seen[index])
            {
                _path.Add((members[index].Name, 0));
                Add($"Expected {members[index].Shape.Expected}; the member is missing.");
                _path.RemoveAt(_path.Count - 1);
            }
        }

        return true;
    }

    private bool Map(JsonShape element)
    {
        while (_reader.Read() && _reader.TokenType == JsonTokenType.PropertyName)
        {
            var name = Utf8.IsValid(_reader.ValueSpan) ? _reader.GetString() : null;
            _reader.Read();
            _path.Add((name ?? "?", 0));
            if (name is null)
            {
                Add("Expected a name of valid UTF-8.");
                SkipChecked();
            }
            else
            {
                Value(element);
            }

            _path.RemoveAt(_path.Count - 1);
        }

        return true;
    }

    private bool Array(JsonShape element)
    {
        for (var index = 0; _reader.Read() && _reader.TokenType != JsonTokenType.EndArray; index++)
        {
            _path.Add((null, index));
            Value(element);
            _path.RemoveAt(_path.Count - 1);
        }

        return true;
    }

    /// <summary>The index of the member the current property name names (case-insensitively, as the serializer binds), or -1.</summary>
    private int MemberIndex(IReadOnlyList<JsonMember> members)
    {
        if (!Utf8.IsValid(_reader.ValueSpan))
        {
            Add("Expected member names of valid UTF-8.");
            return -1;
        }

        Span<char> buffer = stackalloc char[StackNameLength];
        ReadOnlySpan<char> name = _reader.ValueSpan.Length <= StackNameLength ? buffer[.._reader.CopyString(buffer)] : _reader.GetString();
        for (var index = 0; index < members.Count; index++)
        {
            if (name.Equals(members[index].Name, StringComparison.OrdinalIgnoreCase))
            {
                return index;
            }
        }

        return -1;
    }

    /// <summary>Skips the current value, checking the UTF-8 of every string and name in it.</summary>
    private bool SkipChecked()
    {
        CheckUtf8();
        if (_reader.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray)
        {
            // Tokens inside are deeper; the matching end is back at the start's depth.
            var depth = _reader.CurrentDepth;
            while (_reader.Read() && _reader.CurrentDepth > depth)
            {
                CheckUtf8();
            }
        }

        return true;
    }

    private void CheckUtf8()
    {
        if (_reader.TokenType is JsonTokenType.String or JsonTokenType.PropertyName && !Utf8.IsValid(_reader.ValueSpan))
        {
            Add("Expected valid UTF-8.");
        }
    }

    private bool Add(string problem)
    {
        (_problems ??= new BodyProblems()).Add(Path(), problem);
        return true;
    }

    private readonly string Path()
    {
        if (_path.Count == 0)
        {
            return "$";
        }

        var path = new StringBuilder("$");
        foreach (var (name, index) in _path)
        {
            _ = name is null ? path.Append('[').Append(index.ToString(CultureInfo.InvariantCulture)).Append(']') : path.Append('.').Append(name);
        }

        return path.ToString();
    }

    private static string Described(JsonTokenType token) => token switch
    {
        JsonTokenType.StartObject => "an object",
        JsonTokenType.StartArray => "an array",
        JsonTokenType.String => "a string",
        JsonTokenType.Number => "a number",
        JsonTokenType.True or JsonTokenType.False => token == JsonTokenType.True ? "true" : "false",
        _ => "null",
    };
}
