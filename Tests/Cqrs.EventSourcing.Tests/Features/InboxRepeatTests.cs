using Cqrs.EventSourcing.Tests.Stores;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.EventSourcing.Tests.Features;

/// <summary>
/// The inbox end to end: a handler run again after it published sends its event again under the same id (derived from
/// the message it handles), so the inbox of the handler downstream recognises the repeat and its effect happens once;
/// and a delayed retry, a copy under a broker id of its own, reaches the handler under the message's id, which the inbox knows.
/// </summary>
public sealed class InboxRepeatTests : IDisposable
{
    private readonly SqliteTestFile _file = new();

    public static TheoryData<string, string> StoresAndRetries => new()
    {
        { "memory", "immediate" },
        { "memory", "delayed" },
        { "sqlite", "immediate" },
        { "sqlite", "delayed" },
    };

    [Theory]
    [MemberData(nameof(StoresAndRetries))]
    public async Task Inbox_HandlerRetriedAfterPublishing_TheDownstreamEffectHappensOnce(string store, string retry)
    {
        using var host = Domain.Create(
            store == "memory" ? StoreSet.InMemory() : _file.Open(),
            configureCqrs: options =>
            {
                options.Retry.ImmediateRetries = retry == "immediate" ? 1 : 0;
                options.Retry.Delays = retry == "immediate" ? [] : [TimeSpan.FromMilliseconds(10)];
            });
        var refunds = host.Services.GetRequiredService<Refunds>();
        var refundId = Guid.NewGuid();

        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new GrantRefund(refundId, Failures: 1));

        await refunds.WaitForPayCallsAsync(2);
        await refunds.WaitForPaymentsAsync(1); // a call is counted before its inbox looks the message up
        await host.StopAsync();
        Assert.Equal(2, refunds.PayCalls.Count);
        Assert.Single(refunds.PayCalls.Distinct());
        Assert.Equal([refundId], refunds.Payments);
    }

    /// <summary>
    /// Direct dispatch computes the id of a handler's send only when something reads it: the handler downstream never
    /// does, its inbox does, and the retry's event has the id the first attempt's had.
    /// </summary>
    [Theory]
    [InlineData("memory")]
    [InlineData("sqlite")]
    public async Task Inbox_DirectDispatchHandlerRetriedAfterPublishingToAHandlerThatNeverReadsTheId_TheEffectHappensOnce(string store)
    {
        using var host = Domain.Create(
            store == "memory" ? StoreSet.InMemory() : _file.Open(),
            direct: true,
            configureCqrs: options =>
            {
                options.Retry.ImmediateRetries = 1;
                options.Retry.Delays = [];
            });
        var credits = host.Services.GetRequiredService<Credits>();

        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new GrantCredit(Guid.NewGuid(), Failures: 1));

        Assert.Equal(2, credits.ApplyCalls);
        Assert.Equal(1, credits.Applied);
    }

    /// <summary>
    /// On Service Bus with duplicate detection: the first call outlives its lock, so the command is delivered again while
    /// it runs, and that delivery pays; the first call then fails, and its delayed retry, which the broker keeps (its id
    /// is its own), comes to the handler under the command's id, which the inbox has seen: the refund is paid once.
    /// </summary>
    [Fact]
    public async Task Inbox_DelayedRetryOfACommandItsRedeliveryHandled_IsSkipped()
    {
        await using var broker = await ServiceBusBrokers.StartDeduplicatingAsync(lockDuration: TimeSpan.FromSeconds(1));
        using var host = Domain.Create(
            StoreSet.InMemory(),
            configureCqrs: options =>
            {
                options.Retry.ImmediateRetries = 0;
                options.Retry.Delays = [TimeSpan.FromMilliseconds(10)];
            },
            transport: cqrs => cqrs.UseServiceBus(settings =>
            {
                settings.ConnectionString = broker.ConnectionString;
                settings.MaxAutoLockRenewalDuration = TimeSpan.Zero;
            }));
        var refunds = host.Services.GetRequiredService<Refunds>();
        var refundId = Guid.NewGuid();
        await host.StartAsync();

        var sent = await host.Services.GetRequiredService<ICommandBus>().SendAsync(new PayRefundNow(refundId));
        await refunds.WaitForPaymentsAsync(1);
        refunds.ReleaseFirstCall();

        await refunds.WaitForPayCallsAsync(3);
        await host.StopAsync();
        Assert.Equal([refundId], refunds.Payments);
        Assert.Equal([sent.MessageId, sent.MessageId, sent.MessageId], refunds.PayCalls);
    }

    public void Dispose() => _file.Dispose();
}
