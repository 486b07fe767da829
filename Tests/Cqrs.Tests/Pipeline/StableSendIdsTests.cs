using Cqrs.Pipeline;
using Cqrs.Testing.Domain.Echoes;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>What a handler sends takes the id of its position among the handler's sends while it handles one message.</summary>
public sealed class StableSendIdsTests
{
    private static readonly Guid ShoutHandlerNamespace = StableMessageIds.NamespaceOf(typeof(ShoutHandler).FullName!);

    /// <summary>
    /// Positions 0, 1, 2… in the order sent, events and commands alike, past those a handler keeps made too; with
    /// handlers made once or by each delivery's scope, queued or dispatched directly. The command from outside any handler
    /// keeps a random time-ordered id.
    /// </summary>
    [Theory]
    [InlineData(false, ServiceLifetime.Singleton)]
    [InlineData(false, ServiceLifetime.Scoped)]
    [InlineData(true, ServiceLifetime.Singleton)]
    public async Task Send_HandlerSendingManyMessages_GivesEachTheIdOfItsPosition(bool directDispatch, ServiceLifetime handlerLifetime)
    {
        const int Echoes = 300;
        await using var provider = TestHost.Create(options =>
        {
            options.DirectDispatch = directDispatch;
            options.HandlerLifetime = handlerLifetime;
        });
        var recorder = provider.GetRequiredService<Recorder>();

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(new Shout(Guid.NewGuid(), Echoes, Failures: 0));

        var echoes = await recorder.WaitForAsync<EchoHandler>(Echoes);
        var hush = Assert.Single(await recorder.WaitForAsync<HushHandler>());
        Assert.Equal(7, sent.MessageId.Version);
        Assert.All(echoes, echo => Assert.Equal(StableMessageIds.Of(ShoutHandlerNamespace, sent.MessageId, ((Echo)echo.Message).Index), echo.MessageId));
        Assert.Equal(StableMessageIds.Of(ShoutHandlerNamespace, sent.MessageId, Echoes), hush.MessageId);
    }

    /// <summary>Handlings of many commands under way at once each count their own sends from 0: none goes on from another's count.</summary>
    [Fact]
    public async Task Send_ManyCommandsHandledAtOnce_EachHandlingCountsItsSendsFromZero()
    {
        const int Shouts = 400;
        await using var provider = TestHost.Create(options => options.InProcess.Concurrency = 4);
        var bus = provider.GetRequiredService<ICommandBus>();

        await Task.WhenAll(Enumerable.Range(0, Shouts).Select(_ => Task.Run(async () => await bus.SendAsync(new Shout(Guid.NewGuid(), Echoes: 2, Failures: 0)))));

        var echoes = await provider.GetRequiredService<Recorder>().WaitForAsync<EchoHandler>(Shouts * 2);
        Assert.All(echoes, echo => Assert.Equal(StableMessageIds.Of(ShoutHandlerNamespace, echo.CausationId, ((Echo)echo.Message).Index), echo.MessageId));
    }
}
