using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>Sagas that find their id by a declared mapping (<see cref="SagaCorrelationAttribute"/>).</summary>
public abstract partial class SagaContractTests
{
    [Fact]
    public async Task Saga_CorrelatedByDeclaredMappings_StartsCorrelatesAndCompletesBesideOneCorrelatingBySagaId()
    {
        using var host = CreateHost();
        var events = host.Services.GetRequiredService<IEventBus>();

        await events.PublishAsync(new AccountOpened("acc-1"));
        await events.PublishAsync(new MoneyMoved("tr-1", "acc-1", 5));
        await events.PublishAsync(new MoneyMoved("tr-2", "acc-1", 7));
        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new CloseAccount("acc-1"));

        var ledger = await LoadAsync<Ledger>(host, "acc-1");
        Assert.Equal((12, 4, true), (ledger.State.Balance, ledger.Version, ledger.Completed));
        var transfer = await LoadAsync<Transfer>(host, "tr-2");
        Assert.Equal((7, true), (transfer.State.Amount, transfer.Completed));
        Assert.Null(await host.Services.GetRequiredService<SagaRuntime<Ledger>>().LoadAsync("tr-1"));
    }

    private static async Task<LoadedSaga<TSaga>> LoadAsync<TSaga>(IHost host, string sagaId)
        where TSaga : ISaga<TSaga> =>
        await host.Services.GetRequiredService<SagaRuntime<TSaga>>().LoadAsync(sagaId) ?? throw new InvalidOperationException($"No saga {typeof(TSaga).Name} '{sagaId}'.");
}
