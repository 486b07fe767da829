using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>
/// Emits the statements that write one value with MessagePack-CSharp's <c>MessagePackWriter</c> named <c>writer</c>,
/// as its standard resolver would: the writer's own methods, or its built-in formatter for the types it has no
/// method for.
/// </summary>
internal static class ValueSerializer
{
    /// <param name="value">An expression of the shape's type, evaluated once.</param>
    public static void Write(CodeWriter code, ValueShape shape, string value)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Scalar when BuiltinFormatter.Of(shape) is { } formatter:
                code.Line($"{formatter}.Serialize(ref writer, {value}, {BuiltinFormatter.Options});");
                return;
            case ShapeKind.Scalar:
                code.Line($"writer.Write({value});");
                return;
            case ShapeKind.Enum:
                code.Line($"writer.Write((global::System.{shape.ScalarName}){value});");
                return;
        }

        if (!shape.IsReference && shape.Kind != ShapeKind.Nullable)
        {
            WritePresent(code, shape, value);
            return;
        }

        var present = code.Local("present");
        code.Open($"if ({value} is {{ }} {present})");
        WritePresent(code, shape, present);
        code.Close().Open("else").Line("writer.WriteNil();").Close();
    }

    private static void WritePresent(CodeWriter code, ValueShape shape, string value)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Binary:
                code.Line($"writer.Write({value});");
                break;
            case ShapeKind.Nullable:
                Write(code, shape.Element!, value);
                break;
            case ShapeKind.Contract:
                code.Line($"global::Cqrs.Generated.{shape.CodecName}.Instance.Serialize(ref writer, {value});");
                break;
            case ShapeKind.Map:
                var entry = code.Local("entry");
                code.Line($"writer.WriteMapHeader({value}.Count);").Open($"foreach (var {entry} in {value})");
                Write(code, shape.Key!, $"{entry}.Key");
                Write(code, shape.Element!, $"{entry}.Value");
                code.Close();
                break;
            default:
                WriteSequence(code, shape, value);
                break;
        }
    }

    private static void WriteSequence(CodeWriter code, ValueShape shape, string value)
    {
        if (shape.Kind == ShapeKind.Enumerable)
        {
            // Enumerated once: a lazy sequence could yield different items on a second pass.
            var snapshot = code.Local("snapshot");
            code.Line($"var {snapshot} = {value} as global::System.Collections.Generic.IReadOnlyCollection<{shape.Element!.TypeName}> ?? global::System.Linq.Enumerable.ToArray({value});");
            value = snapshot;
        }

        var item = code.Local("item");
        code.Line($"writer.WriteArrayHeader({value}.{(shape.Kind == ShapeKind.Array ? "Length" : "Count")});")
            .Open($"foreach (var {item} in {value})");
        Write(code, shape.Element!, item);
        code.Close();
    }
}
