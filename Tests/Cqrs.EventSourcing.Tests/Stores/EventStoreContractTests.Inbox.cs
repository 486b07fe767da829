using Microsoft.Extensions.Time.Testing;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>The inbox's claims, records and their retention, on every store.</summary>
public abstract partial class EventStoreContractTests
{
    private static readonly TimeSpan Lease = TimeSpan.FromMinutes(1);

    [Fact]
    public async Task PurgeHandled_RecordsAndLapsedClaimsBeforeTheCutoff_ArePurgedAndLaterOnesKept()
    {
        var store = CreateStore();
        var first = Guid.NewGuid();
        var second = Guid.NewGuid();
        var claimed = Guid.NewGuid();
        await store.MarkHandledAsync("app.handler", first);
        await store.MarkHandledAsync("app.other/handler", second);
        await store.ClaimAsync("app.handler", claimed, Guid.NewGuid(), Lease);

        var purgedBefore = await store.PurgeHandledAsync(DateTimeOffset.UtcNow.AddMinutes(-5));
        var keptAll = (await store.IsHandledAsync("app.handler", first), await store.IsHandledAsync("app.other/handler", second));
        var claimKept = await store.ClaimAsync("app.handler", claimed, Guid.NewGuid(), Lease);
        var purgedAfter = await store.PurgeHandledAsync(DateTimeOffset.UtcNow.AddMinutes(5));

        Assert.Equal(0, purgedBefore);
        Assert.Equal((true, true), keptAll);
        Assert.Equal(InboxClaim.HeldElsewhere, claimKept);
        Assert.Equal(3, purgedAfter);
        Assert.False(await store.IsHandledAsync("app.handler", first));
        Assert.False(await store.IsHandledAsync("app.other/handler", second));
        Assert.Equal(InboxClaim.Claimed, await store.ClaimAsync("app.handler", claimed, Guid.NewGuid(), Lease));
    }

    [Fact]
    public async Task Claim_TwoClaimantsAtOnceOnTwoOpeningsOfTheStore_OneWinsEachMessage()
    {
        var store = CreateStore();
        StoreSet[] openings = [store, Reopen(store)];
        var messages = Enumerable.Range(0, 20).Select(_ => Guid.NewGuid()).ToList();

        var claims = await Task.WhenAll(messages.Select(message => Task.WhenAll(openings.Select(opening =>
            Task.Run(() => opening.ClaimAsync("app.handler", message, Guid.NewGuid(), Lease))))));

        Assert.All(claims, pair => Assert.Equal([InboxClaim.Claimed, InboxClaim.HeldElsewhere], pair.Order()));
    }

    [Fact]
    public async Task Claim_LeaseRunOut_IsTakenOverAndTheFormerClaimantNoLongerHoldsIt()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        var store = CreateStore(clock);
        var message = Guid.NewGuid();
        var (crashed, next) = (Guid.NewGuid(), Guid.NewGuid());
        await store.ClaimAsync("app.handler", message, crashed, Lease);

        clock.Advance(Lease - TimeSpan.FromSeconds(1));
        var beforeItRunsOut = await store.ClaimAsync("app.handler", message, next, Lease);
        clock.Advance(TimeSpan.FromSeconds(1));
        var onceItRanOut = await store.ClaimAsync("app.handler", message, next, Lease);
        var formerRenews = await store.ClaimAsync("app.handler", message, crashed, Lease);
        await store.ReleaseClaimAsync("app.handler", message, crashed);

        Assert.Equal((InboxClaim.HeldElsewhere, InboxClaim.Claimed, InboxClaim.HeldElsewhere), (beforeItRunsOut, onceItRanOut, formerRenews));
        Assert.Equal(InboxClaim.HeldElsewhere, await store.ClaimAsync("app.handler", message, Guid.NewGuid(), Lease));
    }

    [Fact]
    public async Task Claim_ByItsOwnClaimant_ExtendsTheLease()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        var store = CreateStore(clock);
        var message = Guid.NewGuid();
        var claimant = Guid.NewGuid();
        await store.ClaimAsync("app.handler", message, claimant, Lease);

        clock.Advance(Lease / 2);
        var renewed = await store.ClaimAsync("app.handler", message, claimant, Lease);
        clock.Advance(Lease * 3 / 4);

        Assert.Equal(InboxClaim.Claimed, renewed);
        Assert.Equal(InboxClaim.HeldElsewhere, await store.ClaimAsync("app.handler", message, Guid.NewGuid(), Lease));
    }

    [Fact]
    public async Task ReleaseClaim_ByItsClaimant_LetsAnotherClaimAtOnceAndByAnotherDoesNothing()
    {
        var store = CreateStore();
        var message = Guid.NewGuid();
        var claimant = Guid.NewGuid();
        await store.ClaimAsync("app.handler", message, claimant, Lease);

        await store.ReleaseClaimAsync("app.handler", message, Guid.NewGuid());
        var afterAStrangersRelease = await store.ClaimAsync("app.handler", message, Guid.NewGuid(), Lease);
        await store.ReleaseClaimAsync("app.handler", message, claimant);

        Assert.Equal(InboxClaim.HeldElsewhere, afterAStrangersRelease);
        Assert.Equal(InboxClaim.Claimed, await store.ClaimAsync("app.handler", message, Guid.NewGuid(), Lease));
    }

    [Fact]
    public async Task Claim_MessageMarkedHandled_IsHandledForEveryClaimantForGood()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        var store = CreateStore(clock);
        var message = Guid.NewGuid();
        var claimant = Guid.NewGuid();
        await store.ClaimAsync("app.handler", message, claimant, Lease);

        await store.MarkHandledAsync("app.handler", message);
        await store.ReleaseClaimAsync("app.handler", message, claimant);
        clock.Advance(Lease * 10);

        Assert.Equal(InboxClaim.Handled, await store.ClaimAsync("app.handler", message, claimant, Lease));
        Assert.Equal(InboxClaim.Handled, await Reopen(store).ClaimAsync("app.handler", message, Guid.NewGuid(), Lease));
        Assert.Equal(InboxClaim.Claimed, await store.ClaimAsync("app.other", message, Guid.NewGuid(), Lease));
    }
}
