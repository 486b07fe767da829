using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.RoundTrip;

public sealed class AggregateStateRoundTripTests : IDisposable
{
    private readonly GeneratedAssembly _bank = new(Snippets.Account(), "Bank");

    public void Dispose() => _bank.Dispose();

    [Fact]
    public void AggregateState_RoundTrips_WithEveryKeyedMemberIntact()
    {
        var codec = _bank.Codec("Bank.Account");
        var account = _bank.Type("Bank.Account");
        var opened = Activator.CreateInstance(account, Guid.Parse("6f9619ff-8b86-d011-b42d-00cf4fc964ff"), -12.5m)!;
        var original = account.GetMethod("Apply")!.Invoke(opened, [new Deposited()])!;

        var payload = codec.Serialize(original);
        dynamic copy = codec.Deserialize(payload);

        Assert.Equal(payload, codec.Serialize(copy));
        Assert.Equal(Guid.Parse("6f9619ff-8b86-d011-b42d-00cf4fc964ff"), (Guid)copy.Id);
        Assert.Equal(-12.5m, (decimal)copy.Balance);
        Assert.Equal(["Deposited"], (IEnumerable<string>)copy.History);
        Assert.True((bool)copy.IsOverdrawn);
    }

    private sealed record Deposited : IEvent;
}
