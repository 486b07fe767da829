using Cqrs.EventSourcing.Tests.Stores;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Features;

/// <summary>
/// The inbox end to end: a handler run again after it published sends its event again under the same id (derived from
/// the message it handles), so the inbox of the handler downstream recognises the repeat and its effect happens once.
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
        await host.StopAsync();
        Assert.Equal(2, refunds.PayCalls.Count);
        Assert.Single(refunds.PayCalls.Distinct());
        Assert.Equal([refundId], refunds.Payments);
    }

    public void Dispose() => _file.Dispose();
}
