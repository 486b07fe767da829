namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>A stored timeout keeps the trace of the turn that requested it, so its handling can link to that trace.</summary>
public abstract partial class SagaContractTests
{
    [Fact]
    public async Task Timeout_WhenFired_KeepsTheTraceContextItWasRequestedIn()
    {
        var store = OpenStore();
        const string traceParent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        var traced = Timeout("traced", DateTimeOffset.UtcNow) with { TraceParent = traceParent };
        var untraced = Timeout("untraced", DateTimeOffset.UtcNow);

        await store.SaveSagaAsync(Saga("traced", 1, completed: false), 0, [traced]);
        await store.SaveSagaAsync(Saga("untraced", 1, completed: false), 0, [untraced]);

        var due = await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10);
        Assert.Equal(traceParent, Assert.Single(due, timeout => timeout.TimeoutId == traced.TimeoutId).TraceParent);
        Assert.Null(Assert.Single(due, timeout => timeout.TimeoutId == untraced.TimeoutId).TraceParent);
    }
}
