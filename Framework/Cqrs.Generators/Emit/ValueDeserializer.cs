using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>
/// Emits the statements that read one value with MessagePack-CSharp's <c>MessagePackReader</c> named <c>reader</c>
/// into a target, treating the data as untrusted: collections step the reader's depth with
/// <c>MessagePackSecurity.UntrustedData</c> around their elements and are sized only as far as the bytes left can
/// fill; nil is refused where the declared type rules it out; a map key may come only once.
/// </summary>
internal static class ValueDeserializer
{
    private const string Guard = "global::Cqrs.Serialization.MessagePackGuard";

    /// <summary>Steps into a nested array or map; the depth goes back down with <see cref="DepthDown"/>.</summary>
    public const string DepthStep = "global::MessagePack.MessagePackSecurity.UntrustedData.DepthStep(ref reader);";

    public const string DepthDown = "reader.Depth--;";

    /// <param name="target">An assignable expression of the shape's type.</param>
    /// <param name="elementIndex">
    /// A variable that a list or array read here keeps the index of the element it is reading in, and sets to -1 once
    /// read; null when none is kept (the elements of a collection in a collection, whose error names the outer index).
    /// </param>
    public static void Read(CodeWriter code, ValueShape shape, string target, string? elementIndex = null)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Scalar when BuiltinFormatter.Of(shape) is { } formatter:
                code.Line($"{target} = {formatter}.Deserialize(ref reader, {BuiltinFormatter.Options});");
                return;
            case ShapeKind.Scalar when shape.IsReference:
                code.Line($"{target} = reader.ReadString(){OrNil(shape)};");
                return;
            case ShapeKind.Scalar:
                code.Line($"{target} = reader.Read{shape.ScalarName}();");
                return;
            case ShapeKind.Enum:
                code.Line($"{target} = ({shape.TypeName})reader.Read{shape.ScalarName}();");
                return;
            case ShapeKind.Binary:
                var bytes = code.Local("bytes");
                code.Line($"{target} = reader.ReadBytes() is {{ }} {bytes} ? global::System.Buffers.BuffersExtensions.ToArray({bytes}) : {(shape.NilForbidden ? NilError(shape) : "null!")};");
                return;
        }

        if (!shape.IsReference && shape.Kind != ShapeKind.Nullable)
        {
            ReadPresent(code, shape, target, elementIndex);
            return;
        }

        code.Open("if (reader.TryReadNil())")
            .Line(shape.NilForbidden ? NilError(shape) + ";" : $"{target} = {(shape.IsReference ? "null!" : "null")};")
            .Close()
            .Open("else");
        ReadPresent(code, shape, target, elementIndex);
        code.Close();
    }

    /// <summary>The expression that throws for nil where <paramref name="shape"/> may not be null.</summary>
    private static string NilError(ValueShape shape) => $"throw {Guard}.Nil({Quoted(shape.TypeName)})";

    /// <summary>A C# string literal of the type's name as a reader knows it (type names hold no quotes or backslashes).</summary>
    public static string Quoted(string typeName) => "\"" + TypeNames.Display(typeName) + "\"";

    /// <summary>What follows a read that returns null for nil: a throw when nil is refused, else nothing.</summary>
    private static string OrNil(ValueShape shape) => shape.NilForbidden ? " ?? " + NilError(shape) : "!";

    private static void ReadPresent(CodeWriter code, ValueShape shape, string target, string? elementIndex)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Nullable:
                Read(code, shape.Element!, target, elementIndex);
                break;
            case ShapeKind.Contract:
                code.Line($"{target} = global::Cqrs.Generated.{shape.CodecName}.Instance.Deserialize(ref reader);");
                break;
            case ShapeKind.Map:
                ReadMap(code, shape, target);
                break;
            default:
                ReadSequence(code, shape, target, elementIndex);
                break;
        }
    }

    private static void ReadSequence(CodeWriter code, ValueShape shape, string target, string? elementIndex)
    {
        var element = shape.Element!;
        var count = code.Local("count");
        var items = code.Local("items");
        var index = code.Local("i");
        code.Line($"var {count} = {Guard}.ReadArrayHeader(ref reader, {EncodedSize.Minimum(element)});").Line(DepthStep);
        if (shape.Kind == ShapeKind.List)
        {
            var item = code.Local("item");
            code.Line($"var {items} = new global::System.Collections.Generic.List<{element.TypeName}>({count});")
                .Open($"for (var {index} = 0; {index} < {count}; {index}++)");
            KeepIndex(code, elementIndex, index);
            code.Line($"{element.TypeName} {item} = default!;");
            Read(code, element, item);
            code.Line($"{items}.Add({item});").Close();
        }
        else
        {
            code.Line($"var {items} = {NewArray(element.TypeName, count)};")
                .Open($"for (var {index} = 0; {index} < {count}; {index}++)");
            KeepIndex(code, elementIndex, index);
            Read(code, element, $"{items}[{index}]");
            code.Close();
        }

        KeepIndex(code, elementIndex, "-1");
        code.Line(DepthDown).Line($"{target} = {items};");
    }

    private static void KeepIndex(CodeWriter code, string? elementIndex, string value)
    {
        if (elementIndex is not null)
        {
            code.Line($"{elementIndex} = {value};");
        }
    }

    private static void ReadMap(CodeWriter code, ValueShape shape, string target)
    {
        var (keyType, valueType) = (shape.Key!.TypeName, shape.Element!.TypeName);
        var count = code.Local("count");
        var map = code.Local("map");
        var index = code.Local("i");
        var key = code.Local("key");
        var value = code.Local("value");
        var entryBytes = EncodedSize.Minimum(shape.Key) + EncodedSize.Minimum(shape.Element);
        code.Line($"var {count} = {Guard}.ReadMapHeader(ref reader, {entryBytes});")
            .Line(DepthStep)
            .Line($"var {map} = new global::System.Collections.Generic.Dictionary<{keyType}, {valueType}>({count});")
            .Open($"for (var {index} = 0; {index} < {count}; {index}++)")
            .Line($"{keyType} {key} = default!;");

        // A dictionary key is never null, whatever its declaration says.
        Read(code, shape.Key with { NilForbidden = shape.Key.IsReference }, key);
        code.Line($"{valueType} {value} = default!;");
        Read(code, shape.Element, value);
        code.Open($"if (!{map}.TryAdd({key}, {value}))")
            .Line($"throw {Guard}.DuplicateKey({Quoted(shape.TypeName)});")
            .Close()
            .Close()
            .Line(DepthDown)
            .Line($"{target} = {map};");
    }

    /// <summary>
    /// An array creation expression: the length goes in the first rank specifier, so an array of
    /// <c>int[]</c> is created as <c>new int[count][]</c>.
    /// </summary>
    private static string NewArray(string elementType, string length)
    {
        var genericDepth = 0;
        for (var i = 0; i < elementType.Length; i++)
        {
            switch (elementType[i])
            {
                case '<':
                    genericDepth++;
                    break;
                case '>':
                    genericDepth--;
                    break;
                case '[' when genericDepth == 0:
                    return $"new {elementType.Substring(0, i)}[{length}]{elementType.Substring(i)}";
            }
        }

        return $"new {elementType}[{length}]";
    }
}
