using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>The ids of what sagas decide on: those of the saga handler's sends, derived from the message the turn handles.</summary>
public abstract partial class SagaContractTests
{
    [Fact]
    public async Task Decision_OfATurn_TakesTheIdOfTheSagaHandlersFirstSendForTheMessageHandled()
    {
        using var host = CreateHost();
        var bus = host.Services.GetRequiredService<ICommandBus>();
        var handler = (INamedHandler)host.Services.GetRequiredService<ICommandHandler<CloseTally>>();

        await bus.SendAsync(new OpenTally("t-1"));
        var close = await bus.SendAsync(new CloseTally("t-1"));

        Assert.Equal(0, await _log.ClosedAsync("t-1"));
        Assert.Equal([NameBasedIds.SentBy(handler.HandlerName, close.MessageId, 0)], _log.Closings("t-1"));
    }
}
