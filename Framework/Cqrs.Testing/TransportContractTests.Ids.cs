using Cqrs.Testing.Domain.Echoes;
using Cqrs.Testing.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>
/// The ids of what handlers send: each derived from the message handled, the handler, and the send's place among the
/// handler's sends, so a handler run again sends under the ids it sent under before, which an inbox recognises, and a
/// broker that drops repeated ids (<see cref="DropsRepeatedIds"/>) drops. The transport's part: a retry, immediate or
/// delayed, hands the handler the message under its own id again.
/// </summary>
public abstract partial class TransportContractTests
{
    /// <summary>How a failed handler is run again: by an immediate retry, or by a delayed one (a copy of the message, scheduled).</summary>
    public static TheoryData<string> Retries => ["immediate", "delayed"];

    /// <summary>
    /// True when the transport's broker drops a message whose id it took a short while before (Service Bus with duplicate
    /// detection): what a retried handler sends again then arrives once, not twice. False by default.
    /// </summary>
    protected virtual bool DropsRepeatedIds => false;

    /// <summary>How often what a handler sends, and sends again when it is retried, arrives: once where the broker drops the repeat.</summary>
    private int SentTwiceArrives => DropsRepeatedIds ? 1 : 2;

    /// <summary>
    /// A command handler that fails after publishing two events and sending a command is run again, and sends all three
    /// again under the same ids: one per send, none the command's, each caused by the command.
    /// </summary>
    [Theory]
    [MemberData(nameof(Retries))]
    public async Task Send_CommandHandlerRetriedAfterSending_SendsUnderTheSameIdsAgain(string retry)
    {
        await using var provider = CreateProvider(options => RetryOnce(options, retry));
        var recorder = provider.GetRequiredService<Recorder>();

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(new Shout(Guid.NewGuid(), Echoes: 2, Failures: 1));

        await recorder.WaitForAsync<ShoutHandler>(2);
        await recorder.WaitForAsync<EchoHandler>(2 * SentTwiceArrives);
        await recorder.WaitForAsync<HushHandler>(SentTwiceArrives);
        await provider.DisposeAsync();
        Assert.Equal(2, recorder.Of<ShoutHandler>().Count);
        var echoes = recorder.Of<EchoHandler>().ToLookup(echo => ((Echo)echo.Message).Index);
        var hushes = recorder.Of<HushHandler>();
        Assert.Equal((2 * SentTwiceArrives, SentTwiceArrives), (recorder.Of<EchoHandler>().Count, hushes.Count));
        Guid[] ids = [SingleIdOf(echoes[0], SentTwiceArrives), SingleIdOf(echoes[1], SentTwiceArrives), SingleIdOf(hushes, SentTwiceArrives)];
        Assert.Equal(ids.Length + 1, ids.Append(sent.MessageId).Distinct().Count());
        Assert.All([.. echoes.SelectMany(echo => echo), .. hushes], delivery => Assert.Equal(sent.MessageId, delivery.CausationId));
    }

    /// <summary>
    /// Of an event's two handlers that each send a command, the one that fails after sending is run again and sends its
    /// command again under the same id; the other's command, also its first send, has an id of its own.
    /// </summary>
    [Theory]
    [MemberData(nameof(Retries))]
    public async Task Publish_EventHandlerRetriedAfterSending_SendsUnderTheSameIdAgainAndTheOtherHandlerUnderItsOwn(string retry)
    {
        await using var provider = CreateProvider(options => RetryOnce(options, retry));
        var recorder = provider.GetRequiredService<Recorder>();

        var sent = await provider.GetRequiredService<IEventBus>().PublishAsync(new Whisper(Guid.NewGuid(), Failures: 1));

        await recorder.WaitForAsync<SecondWhisperHandler>(2);
        await recorder.WaitForAsync<HushHandler>(1 + SentTwiceArrives);
        await provider.DisposeAsync();
        Assert.Equal((1, 2), (recorder.Of<FirstWhisperHandler>().Count, recorder.Of<SecondWhisperHandler>().Count));
        var hushes = recorder.Of<HushHandler>().ToLookup(hush => ((Hush)hush.Message).From);
        var first = SingleIdOf(hushes[nameof(FirstWhisperHandler)], count: 1);
        var second = SingleIdOf(hushes[nameof(SecondWhisperHandler)], SentTwiceArrives);
        Assert.Equal(3, new[] { sent.MessageId, first, second }.Distinct().Count());
    }

    /// <summary>One retry, immediate or delayed, and no more.</summary>
    private static void RetryOnce(CqrsOptions options, string retry)
    {
        options.Retry.ImmediateRetries = retry == "immediate" ? 1 : 0;
        options.Retry.Delays = retry == "immediate" ? [] : [TinyDelay];
    }

    /// <summary>The one id that <paramref name="count"/> deliveries all carry.</summary>
    private static Guid SingleIdOf(IEnumerable<Delivery> deliveries, int count)
    {
        var all = deliveries.ToList();
        Assert.Equal(count, all.Count);
        return Assert.Single(all.Select(delivery => delivery.MessageId).Distinct());
    }
}
