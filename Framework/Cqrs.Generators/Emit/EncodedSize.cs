using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>
/// The fewest bytes any value of a shape takes in MessagePack, as MessagePack-CSharp reads it: a collection header's
/// count times this must fit in the bytes left, so a count from untrusted data never sizes an allocation beyond what
/// the data could fill. Erring low is safe; erring high would refuse valid data.
/// </summary>
internal static class EncodedSize
{
    /// <summary>A Guid is a 36-character string: a str8 header of two bytes, then the characters.</summary>
    private const int Guid = 38;

    /// <summary>A DateTime is the timestamp extension, at least a fixext 4: two header bytes and four of seconds.</summary>
    private const int DateTime = 6;

    /// <summary>A DateTimeOffset is a two-element array: its header, a DateTime and a one-byte offset.</summary>
    private const int DateTimeOffset = 1 + DateTime + 1;

    public static int Minimum(ValueShape shape)
    {
        if (shape.Kind == ShapeKind.Nullable || (shape.IsReference && !shape.NilForbidden))
        {
            return 1; // nil
        }

        return shape.Kind == ShapeKind.Scalar
            ? shape.ScalarName switch
            {
                "Guid" => Guid,
                "DateTime" => DateTime,
                "DateTimeOffset" => DateTimeOffset,
                _ => 1,
            }
            : 1; // a fixint, an empty fixstr, fixarray or fixmap
    }
}
