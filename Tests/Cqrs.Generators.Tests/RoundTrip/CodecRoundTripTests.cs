using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.RoundTrip;

public sealed class CodecRoundTripTests : IDisposable
{
    private readonly GeneratedAssembly _shop = new(ShopSnippet.Source);

    public void Dispose() => _shop.Dispose();

    [Fact]
    public void Scalars_RoundTrip_WithEveryValueIntact()
    {
        var codec = _shop.Codec("Shop.Scalars");
        var original = _shop.Call("Shop.Samples", "Scalars");

        var payload = codec.Serialize(original);
        dynamic copy = codec.Deserialize(payload);

        Assert.Equal(payload, codec.Serialize(copy));
        Assert.True(copy.Flag);
        Assert.Equal(ulong.MaxValue, (ulong)copy.ULong);
        Assert.Equal('é', (char)copy.Char);
        Assert.Equal(12.345m, (decimal)copy.Decimal);
        Assert.Equal("héllo", (string)copy.Text);
        Assert.Equal(new Guid("6f9619ff-8b86-d011-b42d-00cf4fc964ff"), (Guid)copy.Id);
        Assert.Equal(new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)), (DateTimeOffset)copy.AtOffset);
        Assert.Equal([1, 2, 3], (byte[])copy.Bytes);
        Assert.Equal("High", copy.Priority.ToString());
        Assert.Equal("Debit", copy.Balance.ToString());
        Assert.Null(copy.MaybeInt);
        Assert.Equal("Low", copy.MaybePriority.ToString());
        Assert.Equal(7, (int)copy.@event);
    }

    [Fact]
    public void CollectionsAndNestedContracts_RoundTrip_WithEveryValueIntact()
    {
        var codec = _shop.Codec("Shop.Collections");
        var original = _shop.Call("Shop.Samples", "Collections");

        var payload = codec.Serialize(original);
        dynamic copy = codec.Deserialize(payload);

        Assert.Equal(payload, codec.Serialize(copy));
        Assert.Equal([1, -2, 300], (int[])copy.Numbers);
        Assert.Equal(["a", null, "c"], (List<string?>)copy.Names);
        Assert.Equal(5, (int?)copy.Addresses[0].Number);
        Assert.Null(copy.Addresses[1]);
        Assert.Equal([1, null], (IEnumerable<int?>)copy.Optional);
        Assert.Equal("EUR", (string)copy.ByCurrency["EUR"].Currency);
        Assert.Equal([2, 3], (int[])copy.Jagged[2]);
        Assert.Equal([4, 5], (int[])copy.Deep[0][0]);
        Assert.Equal("Home", (string)copy.Home.Street);
        Assert.Equal(0.5m, (decimal)copy.Tip.Amount);
        Assert.Equal(12, (int?)copy.Nested[0]["work"].Number);
    }

    [Fact]
    public void PrimaryConstructorClassAndStruct_RoundTrip()
    {
        var rename = _shop.Codec("Shop.Rename");
        var ping = _shop.Codec("Shop.Ping");
        var renamed = Activator.CreateInstance(_shop.Type("Shop.Rename"), Guid.Empty, "new name")!;
        var pinged = Activator.CreateInstance(_shop.Type("Shop.Ping"), 42)!;

        dynamic renamedCopy = rename.Deserialize(rename.Serialize(renamed));
        dynamic pingedCopy = ping.Deserialize(ping.Serialize(pinged));

        Assert.Equal("new name", (string)renamedCopy.Name);
        Assert.Null(renamedCopy.Note);
        Assert.Equal(42, (int)pingedCopy.Sequence);
    }
}
