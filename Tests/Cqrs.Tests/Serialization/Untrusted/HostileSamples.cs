namespace Cqrs.Tests.Serialization.Untrusted;

/// <summary>Values of <see cref="HostileEverything"/> for the untrusted-input tests.</summary>
internal static class HostileSamples
{
    /// <summary>A value with every member set to something other than its default.</summary>
    public static HostileEverything Sample() => new(
        "Zoë 🚀",
        [1, 2, 3],
        [Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), Guid.Parse("ffeeddcc-bbaa-9988-7766-554433221100")],
        new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 },
        "note")
    {
        Count = 7,
        Flag = true,
        ByteValue = 200,
        SByteValue = -100,
        Int16Value = -30_000,
        UInt16Value = 60_000,
        UInt32Value = 4_000_000_000,
        Int64Value = long.MinValue,
        UInt64Value = ulong.MaxValue,
        SingleValue = 1.25f,
        DoubleValue = Math.PI,
        CharValue = 'ß',
        DecimalValue = 1234567.8901m,
        Id = Guid.Parse("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"),
        At = new DateTime(2025, 3, 14, 15, 9, 26, DateTimeKind.Utc).AddTicks(5358979),
        AtOffset = new DateTimeOffset(2024, 2, 29, 13, 45, 30, TimeSpan.FromMinutes(330)),
        Duration = TimeSpan.FromTicks(-123_456_789),
        MaybeCount = 3,
        Shade = HostileShade.Dark,
        Tags = ["x", "y"],
        Readings = [1, -1, long.MaxValue],
        Sequence = [4, 5],
        Labels = ["l", null],
        MaybeIds = [Guid.Parse("00000000-0000-0000-0000-000000000001")],
        IdArray = [Guid.Parse("00000000-0000-0000-0000-000000000002")],
        Seen = new Dictionary<Guid, DateTime> { [Guid.Parse("00000000-0000-0000-0000-000000000003")] = new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc) },
        ShadeNames = new Dictionary<HostileShade, string?> { [HostileShade.Light] = "light", [HostileShade.Dark] = null },
        Line = new HostileLine("SKU-1", 3),
        Lines = [new HostileLine("SKU-2", 1), new HostileLine("SKU-3", 2)],
        Grid = [[1, 2], [3]],
    };
}
