namespace Cqrs.Tests.Serialization.Interop;

/// <summary>Values of <see cref="InteropEverything"/> by name, and their <see cref="InteropEverythingTwin"/>.</summary>
internal static class InteropSamples
{
    public static TheoryData<string> Names => ["typical", "extremes", "defaults"];

    public static InteropEverything Get(string name) => name switch
    {
        "typical" => Typical,
        "extremes" => Extremes,
        "defaults" => new InteropEverything(),
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, "No such sample."),
    };

    /// <summary>Mid-range values; each integer in a different width (uint 8, negative fixint, int 16, ...).</summary>
    private static InteropEverything Typical => new()
    {
        Flag = true,
        ByteValue = 200,
        SByteValue = -5,
        Int16Value = -300,
        UInt16Value = 60_000,
        Int32Value = -123_456,
        UInt32Value = 3_000_000_000,
        Int64Value = -9_000_000_000,
        UInt64Value = 10_000_000_000_000_000_000,
        SingleValue = 1.5f,
        DoubleValue = -2.75,
        CharValue = 'é',
        DecimalValue = -1234.5600m,
        Ascii = "order-42 shipped to the north warehouse",
        Unicode = "Grüße, 世界 🎉",
        Id = Guid.Parse("6f9619ff-8b86-d011-b42d-00cf4fc964ff"),
        At = new DateTime(2024, 2, 29, 13, 45, 30, 123, DateTimeKind.Utc).AddTicks(4567), // timestamp 64
        AtOffset = new DateTimeOffset(2024, 2, 29, 13, 45, 30, TimeSpan.Zero), // other offsets: DateTimeOffsetInteropTests
        Duration = TimeSpan.FromMinutes(90).Add(TimeSpan.FromTicks(7)),
        Blob = [0, 1, 2, 255],
        Count = 7,
        Shade = InteropShade.Light,
        Tags = ["a", "b"],
        Names = ["x"],
        Readings = [1, -1, 70_000],
        Stock = new() { ["apple"] = 3, ["pear"] = -1 },
        Line = new InteropLine("sku-1", 2, 9.99m),
        Lines = [new InteropLine("sku-2", 1, 0.5m), new InteropLine("sku-3", 1000, 12m)],
    };

    /// <summary>Limits of each type, and lengths that need str 16/32, bin 16 and timestamp 96.</summary>
    private static InteropEverything Extremes => new()
    {
        ByteValue = byte.MaxValue,
        SByteValue = sbyte.MinValue,
        Int16Value = short.MinValue,
        UInt16Value = ushort.MaxValue,
        Int32Value = int.MinValue,
        UInt32Value = uint.MaxValue,
        Int64Value = long.MinValue,
        UInt64Value = ulong.MaxValue,
        SingleValue = float.NegativeInfinity,
        DoubleValue = double.NaN,
        CharValue = '\uFFFF',
        DecimalValue = decimal.MinValue,
        Ascii = new string('a', 70_000),
        Unicode = new string('é', 200),
        Missing = "",
        Id = Guid.AllBitsSet,
        At = DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc),
        AtOffset = DateTimeOffset.MinValue,
        Duration = TimeSpan.MinValue,
        Blob = [.. Enumerable.Range(0, 300).Select(i => (byte)i)],
        Count = int.MaxValue,
        Shade = InteropShade.Dark,
        Tags = [""],
        Readings = [long.MinValue, long.MaxValue],
        Stock = new() { [""] = int.MinValue },
        Lines = [new InteropLine("", -1, 0.0000000000000000000000000001m)],
    };

    public static InteropEverythingTwin ToTwin(InteropEverything value) => new()
    {
        Flag = value.Flag,
        ByteValue = value.ByteValue,
        SByteValue = value.SByteValue,
        Int16Value = value.Int16Value,
        UInt16Value = value.UInt16Value,
        Int32Value = value.Int32Value,
        UInt32Value = value.UInt32Value,
        Int64Value = value.Int64Value,
        UInt64Value = value.UInt64Value,
        SingleValue = value.SingleValue,
        DoubleValue = value.DoubleValue,
        CharValue = value.CharValue,
        DecimalValue = value.DecimalValue,
        Ascii = value.Ascii,
        Unicode = value.Unicode,
        Missing = value.Missing,
        Id = value.Id,
        At = value.At,
        AtOffset = value.AtOffset,
        Duration = value.Duration,
        Blob = value.Blob,
        NoCount = value.NoCount,
        Count = value.Count,
        Shade = value.Shade,
        Tags = value.Tags,
        Names = value.Names,
        Readings = [.. value.Readings],
        Stock = new(value.Stock),
        Line = value.Line is { } line ? ToTwin(line) : null,
        Lines = [.. value.Lines.Select(ToTwin)],
    };

    private static InteropLineTwin ToTwin(InteropLine line) => new() { Sku = line.Sku, Quantity = line.Quantity, Price = line.Price };
}
