using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>
/// Emits the statements that read one value with the <c>MessagePackReader</c> named <c>reader</c> into a target.
/// Collections enter a nesting level around their elements, so that the reader bounds the depth of untrusted data.
/// </summary>
internal static class ValueDeserializer
{
    /// <param name="target">An assignable expression of the shape's type.</param>
    public static void Read(CodeWriter code, ValueShape shape, string target)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Scalar:
                code.Line($"{target} = reader.Read{shape.ScalarName}(){(shape.IsReference ? "!" : string.Empty)};");
                return;
            case ShapeKind.Enum:
                code.Line($"{target} = ({shape.TypeName})reader.Read{shape.ScalarName}();");
                return;
            case ShapeKind.Binary:
                code.Line($"{target} = reader.ReadBinary()!;");
                return;
        }

        if (!shape.IsReference && shape.Kind != ShapeKind.Nullable)
        {
            ReadPresent(code, shape, target);
            return;
        }

        code.Open("if (reader.TryReadNil())").Line($"{target} = {(shape.IsReference ? "null!" : "null")};").Close().Open("else");
        ReadPresent(code, shape, target);
        code.Close();
    }

    private static void ReadPresent(CodeWriter code, ValueShape shape, string target)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Nullable:
                Read(code, shape.Element!, target);
                break;
            case ShapeKind.Contract:
                code.Line($"{target} = global::Cqrs.Generated.{shape.CodecName}.Instance.Deserialize(ref reader);");
                break;
            case ShapeKind.Map:
                ReadMap(code, shape, target);
                break;
            default:
                ReadSequence(code, shape, target);
                break;
        }
    }

    private static void ReadSequence(CodeWriter code, ValueShape shape, string target)
    {
        var element = shape.Element!;
        var count = code.Local("count");
        var items = code.Local("items");
        var index = code.Local("i");
        code.Line($"var {count} = reader.ReadArrayHeader();").Line("reader.EnterNested();");
        if (shape.Kind == ShapeKind.List)
        {
            var item = code.Local("item");
            code.Line($"var {items} = new global::System.Collections.Generic.List<{element.TypeName}>({count});")
                .Open($"for (var {index} = 0; {index} < {count}; {index}++)")
                .Line($"{element.TypeName} {item} = default!;");
            Read(code, element, item);
            code.Line($"{items}.Add({item});").Close();
        }
        else
        {
            code.Line($"var {items} = {NewArray(element.TypeName, count)};")
                .Open($"for (var {index} = 0; {index} < {count}; {index}++)");
            Read(code, element, $"{items}[{index}]");
            code.Close();
        }

        code.Line("reader.LeaveNested();").Line($"{target} = {items};");
    }

    private static void ReadMap(CodeWriter code, ValueShape shape, string target)
    {
        var (keyType, valueType) = (shape.Key!.TypeName, shape.Element!.TypeName);
        var count = code.Local("count");
        var map = code.Local("map");
        var index = code.Local("i");
        var key = code.Local("key");
        var value = code.Local("value");
        code.Line($"var {count} = reader.ReadMapHeader();")
            .Line("reader.EnterNested();")
            .Line($"var {map} = new global::System.Collections.Generic.Dictionary<{keyType}, {valueType}>({count});")
            .Open($"for (var {index} = 0; {index} < {count}; {index}++)")
            .Line($"{keyType} {key} = default!;");
        if (shape.Key.IsReference)
        {
            code.Line($"{key} = reader.ReadString() ?? throw new global::Cqrs.Serialization.MessageFormatException(\"A map key is nil.\");");
        }
        else
        {
            Read(code, shape.Key, key);
        }

        code.Line($"{valueType} {value} = default!;");
        Read(code, shape.Element, value);
        code.Line($"{map}[{key}] = {value};").Close().Line("reader.LeaveNested();").Line($"{target} = {map};");
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
