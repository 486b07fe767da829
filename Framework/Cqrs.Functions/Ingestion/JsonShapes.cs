using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Cqrs.Functions.Ingestion;

/// <summary>Builds a command's <see cref="JsonShape"/> from its JSON contract, once, when ingestion is set up.</summary>
internal static class JsonShapes
{
    public static JsonShape Of(JsonTypeInfo command) => Of(command, []);

    private static JsonShape Of(JsonTypeInfo type, Dictionary<Type, JsonShape> built)
    {
        if (built.TryGetValue(type.Type, out var known))
        {
            return known;
        }

        var underlying = System.Nullable.GetUnderlyingType(type.Type);
        if (underlying is not null)
        {
            return Of(type.Options.GetTypeInfo(underlying), built).Nullable();
        }

        var shape = Create(type);
        built[type.Type] = shape;
        switch (type.Kind)
        {
            case JsonTypeInfoKind.Object:
                shape.Members = type.Properties.Where(property => property.Set is not null || property.AssociatedParameter is not null)
                    .Select(property => Member(property, built)).ToList();
                break;
            case JsonTypeInfoKind.Enumerable or JsonTypeInfoKind.Dictionary:
                // Elements of a reference type may be null as far as the contract says; the serializer has the last word.
                var element = Of(type.Options.GetTypeInfo(type.ElementType!), built);
                shape.Element = type.ElementType!.IsValueType || element.AcceptsNull ? element : element.Nullable();
                break;
        }

        return shape;
    }

    private static JsonMember Member(JsonPropertyInfo property, Dictionary<Type, JsonShape> built)
    {
        var shape = Of(property.Options.GetTypeInfo(property.PropertyType), built);
        var nullable = !property.PropertyType.IsValueType && (property.AssociatedParameter?.IsNullable ?? property.IsSetNullable);
        var required = property.IsRequired || property.AssociatedParameter is { HasDefaultValue: false };
        return new JsonMember(property.Name, nullable && !shape.AcceptsNull ? shape.Nullable() : shape, required);
    }

    private static JsonShape Create(JsonTypeInfo type) => type.Kind switch
    {
        JsonTypeInfoKind.Object => new(JsonShapeKind.Object, "an object"),
        JsonTypeInfoKind.Enumerable => new(JsonShapeKind.Array, "an array"),
        JsonTypeInfoKind.Dictionary => new(JsonShapeKind.Map, "an object of named values"),
        _ => Scalar(type.Type),
    };

    private static JsonShape Scalar(Type type) =>
        type == typeof(string) ? new(JsonShapeKind.String, "a string")
        : type == typeof(bool) ? new(JsonShapeKind.Boolean, "true or false")
        : type == typeof(int) ? WholeNumber(int.MinValue, int.MaxValue, (Utf8JsonReader reader) => reader.TryGetInt32(out _))
        : type == typeof(long) ? WholeNumber(long.MinValue, long.MaxValue, (Utf8JsonReader reader) => reader.TryGetInt64(out _))
        : type == typeof(short) ? WholeNumber(short.MinValue, short.MaxValue, (Utf8JsonReader reader) => reader.TryGetInt16(out _))
        : type == typeof(sbyte) ? WholeNumber(sbyte.MinValue, sbyte.MaxValue, (Utf8JsonReader reader) => reader.TryGetSByte(out _))
        : type == typeof(byte) ? WholeNumber(byte.MinValue, byte.MaxValue, (Utf8JsonReader reader) => reader.TryGetByte(out _))
        : type == typeof(ushort) ? WholeNumber(ushort.MinValue, ushort.MaxValue, (Utf8JsonReader reader) => reader.TryGetUInt16(out _))
        : type == typeof(uint) ? WholeNumber(uint.MinValue, uint.MaxValue, (Utf8JsonReader reader) => reader.TryGetUInt32(out _))
        : type == typeof(ulong) ? WholeNumber(ulong.MinValue, ulong.MaxValue, (Utf8JsonReader reader) => reader.TryGetUInt64(out _))
        : type == typeof(decimal) ? new(JsonShapeKind.Number, "a number of at most 28 significant digits") { Fits = reader => reader.TryGetDecimal(out _) }
        : type == typeof(double) ? new(JsonShapeKind.Number, "a finite number") { Fits = reader => reader.TryGetDouble(out var value) && double.IsFinite(value) }
        : type == typeof(float) ? new(JsonShapeKind.Number, "a finite number") { Fits = reader => reader.TryGetSingle(out var value) && float.IsFinite(value) }
        : type == typeof(Guid) ? new(JsonShapeKind.String, "a UUID string") { Fits = reader => reader.TryGetGuid(out _) }
        : type == typeof(DateTimeOffset) ? new(JsonShapeKind.String, "an ISO 8601 date and time string") { Fits = reader => reader.TryGetDateTimeOffset(out _) }
        : type == typeof(DateTime) ? new(JsonShapeKind.String, "an ISO 8601 date and time string") { Fits = reader => reader.TryGetDateTime(out _) }
        : type == typeof(DateOnly) ? new(JsonShapeKind.String, "a date string (yyyy-MM-dd)")
        : type == typeof(TimeSpan) ? new(JsonShapeKind.String, "a duration string ([d.]hh:mm:ss)")
        : type == typeof(byte[]) ? new(JsonShapeKind.String, "a base64 string")
        : type.IsEnum ? new(JsonShapeKind.StringOrNumber, "one of the member's named values")
        : new(JsonShapeKind.Any, "a value of the member's form");

    private static JsonShape WholeNumber<T>(T min, T max, Func<Utf8JsonReader, bool> fits)
        where T : IFormattable =>
        new(JsonShapeKind.Number, string.Create(CultureInfo.InvariantCulture, $"a whole number from {min} to {max}")) { Fits = fits };
}
