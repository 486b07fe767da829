namespace Cqrs.Tests.Serialization.Interop;

/// <summary>Member-by-member comparison of the two sides, with what plain equality leaves out: decimal scale and offsets.</summary>
internal static class InteropAssert
{
    public static void Same(InteropEverything ours, InteropEverythingTwin theirs)
    {
        Assert.Equal(ours.Flag, theirs.Flag);
        Assert.Equal(ours.ByteValue, theirs.ByteValue);
        Assert.Equal(ours.SByteValue, theirs.SByteValue);
        Assert.Equal(ours.Int16Value, theirs.Int16Value);
        Assert.Equal(ours.UInt16Value, theirs.UInt16Value);
        Assert.Equal(ours.Int32Value, theirs.Int32Value);
        Assert.Equal(ours.UInt32Value, theirs.UInt32Value);
        Assert.Equal(ours.Int64Value, theirs.Int64Value);
        Assert.Equal(ours.UInt64Value, theirs.UInt64Value);
        Assert.Equal(ours.SingleValue, theirs.SingleValue);
        Assert.Equal(ours.DoubleValue, theirs.DoubleValue);
        Assert.Equal(ours.CharValue, theirs.CharValue);
        SameDecimal(ours.DecimalValue, theirs.DecimalValue);
        Assert.Equal(ours.Ascii, theirs.Ascii);
        Assert.Equal(ours.Unicode, theirs.Unicode);
        Assert.Equal(ours.Missing, theirs.Missing);
        Assert.Equal(ours.Id, theirs.Id);
        Assert.Equal(ours.At, theirs.At);
        SameOffset(ours.AtOffset, theirs.AtOffset);
        Assert.Equal(ours.Duration, theirs.Duration);
        Assert.Equal(ours.Blob, theirs.Blob);
        Assert.Equal(ours.NoCount, theirs.NoCount);
        Assert.Equal(ours.Count, theirs.Count);
        Assert.Equal(ours.Shade, theirs.Shade);
        Assert.Equal(ours.Tags, theirs.Tags);
        Assert.Equal(ours.Names, theirs.Names);
        Assert.Equal(ours.Readings, theirs.Readings);
        Assert.Equal(ours.Stock, theirs.Stock);
        Assert.Equal(ours.Line is null, theirs.Line is null);
        if (ours.Line is { } line)
        {
            SameLine(line, theirs.Line!);
        }

        Assert.Equal(ours.Lines.Count, theirs.Lines.Count);
        foreach (var (mine, other) in ours.Lines.Zip(theirs.Lines))
        {
            SameLine(mine, other);
        }
    }

    /// <summary>Same instant, same offset: <see cref="DateTimeOffset"/> equality compares instants only.</summary>
    public static void SameOffset(DateTimeOffset expected, DateTimeOffset actual) =>
        Assert.Equal((expected.UtcDateTime, expected.Offset), (actual.UtcDateTime, actual.Offset));

    private static void SameLine(InteropLine ours, InteropLineTwin theirs)
    {
        Assert.Equal(ours.Sku, theirs.Sku);
        Assert.Equal(ours.Quantity, theirs.Quantity);
        SameDecimal(ours.Price, theirs.Price);
    }

    /// <summary>Same value and scale: decimal equality ignores trailing zeros.</summary>
    private static void SameDecimal(decimal expected, decimal actual) =>
        Assert.Equal((expected, expected.Scale), (actual, actual.Scale));
}
