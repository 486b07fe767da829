using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>
/// Emits the codec of one type, on MessagePack-CSharp's reader and writer: an array indexed by key, nil in the gaps.
/// Reading skips keys it does not know (newer senders may add some); members of missing keys (older senders) keep the
/// value a new instance starts with when they are set by initializer, and get their type's default when passed to the
/// constructor, except those that must be sent (see <see cref="MustBeSent"/>), whose absence is an error.
/// </summary>
internal static class CodecEmitter
{
    public static string Emit(CodecModel codec)
    {
        var code = CodeWriter.GeneratedFile()
            .Line("#pragma warning disable CS0612, CS0618 // Obsolete members are still serialized.")
            .Line()
            .Open("namespace Cqrs.Generated")
            .Open($"internal sealed class {codec.CodecName} : global::Cqrs.Serialization.IMessagePackCodec<{codec.TypeName}>")
            .Line($"public static readonly {codec.CodecName} Instance = new();")
            .Line();
        EmitSerialize(code, codec);
        code.Line();
        EmitDeserialize(code, codec);
        return code.Close().Close().ToString();
    }

    private static void EmitSerialize(CodeWriter code, CodecModel codec)
    {
        code.Open($"public void Serialize(ref global::MessagePack.MessagePackWriter writer, {codec.TypeName} value)")
            .Line($"writer.WriteArrayHeader({Length(codec)});");
        var nextKey = 0;
        foreach (var member in codec.Members)
        {
            for (; nextKey < member.Key; nextKey++)
            {
                code.Line("writer.WriteNil();");
            }

            ValueSerializer.Write(code, member.Shape, $"value.{member.Name}");
            nextKey++;
        }

        code.Close();
    }

    /// <summary>
    /// Emits the reader: <c>Deserialize</c> names, when a value cannot be read, the key and member it was reading (and
    /// in a list or array, the element), so that a nested type's error reads as a path, outermost member first. The
    /// members are read by a method of their own, with no exception handling in it (a try block around the loop slowed
    /// every read), which says through <c>key</c> which key it is reading: -1 before the first and after the last, where
    /// no member is to blame; and through <c>element</c> which element of a member's list or array: -1 outside one.
    /// </summary>
    private static void EmitDeserialize(CodeWriter code, CodecModel codec)
    {
        var names = string.Concat(codec.Members.Select(member => $"{member.Key.ToString(CultureInfo.InvariantCulture)} => \"{member.Name}\", "));
        code.Open($"public {codec.TypeName} Deserialize(ref global::MessagePack.MessagePackReader reader)")
            .Line("var key = -1;")
            .Line("var element = -1;")
            .Open("try")
            .Line("return ReadMembers(ref reader, ref key, ref element);")
            .Close()
            .Open("catch (global::System.Exception exception) when (key >= 0 && global::Cqrs.Serialization.MessagePackGuard.MayName(exception))")
            .Line($"throw global::Cqrs.Serialization.MessagePackGuard.AtKey({ValueDeserializer.Quoted(codec.TypeName)}, key, key switch {{ {names}_ => null }}, element, exception);")
            .Close()
            .Close()
            .Line();

        code.Open($"private static {codec.TypeName} ReadMembers(ref global::MessagePack.MessagePackReader reader, ref int key, ref int element)")
            .Line("var count = reader.ReadArrayHeader();")
            .Line(ValueDeserializer.DepthStep);
        foreach (var member in codec.Members)
        {
            code.Line($"{member.Shape.TypeName} {Local(member)} = default!;");
        }

        code.Open("for (var index = 0; index < count; index++)").Line("key = index;").Open("switch (index)");
        foreach (var member in codec.Members)
        {
            code.Line($"case {member.Key.ToString(CultureInfo.InvariantCulture)}:").Open();
            ValueDeserializer.Read(code, member.Shape, Local(member), "element");
            code.Line("break;").Close();
        }

        code.Line("default:").Open().Line("reader.Skip();").Line("break;").Close();
        code.Close().Close().Line("key = -1;").Line(ValueDeserializer.DepthDown);
        EmitMissingKeyErrors(code, codec);
        EmitConstruction(code, codec);
        code.Close();
    }

    private static void EmitConstruction(CodeWriter code, CodecModel codec)
    {
        var arguments = string.Join(", ", codec.ConstructorKeys.Select(key => Argument(codec.Members.First(member => member.Key == key))));
        var initialized = codec.Members.Where(member => !codec.ConstructorKeys.Contains(member.Key)).ToList();
        if (initialized.Count == 0)
        {
            code.Line($"return new {codec.TypeName}({arguments});");
            return;
        }

        if (!codec.HasRequiredMembers)
        {
            EmitMissingKeyDefaults(code, codec, arguments, initialized);
        }

        code.Open($"return new {codec.TypeName}({arguments})");
        foreach (var member in initialized)
        {
            code.Line($"{member.Name} = {Argument(member)},");
        }

        code.Close(";");
    }

    /// <summary>Emits, for an older sender's shorter array, the copy of initializer values from a fresh instance.</summary>
    private static void EmitMissingKeyDefaults(CodeWriter code, CodecModel codec, string arguments, List<MemberModel> initialized)
    {
        code.Open($"if (count < {Length(codec)})")
            .Line($"var defaults = new {codec.TypeName}({arguments});");
        foreach (var member in initialized)
        {
            var key = member.Key.ToString(CultureInfo.InvariantCulture);
            code.Open($"if (count <= {key})")
                .Line($"{Local(member)} = defaults.{member.Name}{(member.Shape.IsReference ? "!" : string.Empty)};")
                .Close();
        }

        code.Close();
    }

    /// <summary>Emits, for a shorter array than the members that must be sent need, the error naming the first one missing.</summary>
    private static void EmitMissingKeyErrors(CodeWriter code, CodecModel codec)
    {
        var mustBeSent = codec.Members.Where(member => MustBeSent(codec, member)).ToList();
        if (mustBeSent.Count == 0)
        {
            return;
        }

        code.Open($"if (count <= {mustBeSent[mustBeSent.Count - 1].Key.ToString(CultureInfo.InvariantCulture)})");
        foreach (var member in mustBeSent)
        {
            var key = member.Key.ToString(CultureInfo.InvariantCulture);
            code.Open($"if (count <= {key})")
                .Line($"throw global::Cqrs.Serialization.MessagePackGuard.Missing({ValueDeserializer.Quoted(codec.TypeName)}, \"{member.Name}\", {key});")
                .Close();
        }

        code.Close();
    }

    /// <summary>
    /// True for a <c>required</c> member, and for a non-nullable reference that no initializer fills in: passed to the
    /// constructor, or of a type with required members, which is never created without the data.
    /// </summary>
    private static bool MustBeSent(CodecModel codec, MemberModel member) =>
        member.Required
        || (member.Shape.NilForbidden && (codec.HasRequiredMembers || codec.ConstructorKeys.Contains(member.Key)));

    private static string Local(MemberModel member) => "member" + member.Key.ToString(CultureInfo.InvariantCulture);

    /// <summary>
    /// A local passed on to the constructed value. Locals are declared without nullable annotations, so
    /// collections get <c>!</c>: the member may be declared as, say, <c>List&lt;string?&gt;</c>.
    /// </summary>
    private static string Argument(MemberModel member) =>
        Local(member) + (member.Shape is { IsReference: true, Element: not null } ? "!" : string.Empty);

    private static int Length(CodecModel codec) => codec.Members.Count == 0 ? 0 : codec.Members[codec.Members.Count - 1].Key + 1;
}
