using Azure.Messaging.ServiceBus;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>
/// Links opened as the JavaScript SDK (<c>@azure/service-bus</c> over rhea) opens them, which the .NET client never
/// does; the JavaScript conformance suite in Tests/Cqrs.ServiceBus.LocalBroker.Interop runs the SDK itself.
/// </summary>
public sealed class ForeignClientLinkTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("q");

    [Fact]
    public async Task Cbs_ReplyLinkWithoutTarget_IsAnsweredOnTheLinkTheReplyToNames()
    {
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);
        // The SDK's $cbs reply link: source $cbs, no target, named by the reply-to its requests carry.
        var replies = await amqp.OpenReceiverAsync("cbs-reply-1", new Source { Address = "$cbs" }, target: null, Patience);
        var requests = await amqp.OpenSenderAsync("cbs-request-1", new Target { Address = "$cbs" }, Patience);
        replies.IssueCredit(1, false, AmqpConstants.NullBinary);

        var request = AmqpMessage.Create(new AmqpValue { Value = "token" });
        request.Properties.MessageId = "put-token-1";
        request.Properties.ReplyTo = "cbs-reply-1";
        request.ApplicationProperties.Map["operation"] = "put-token";
        request.ApplicationProperties.Map["type"] = "servicebus.windows.net:sastoken";
        request.ApplicationProperties.Map["name"] = "amqp://127.0.0.1/q";
        await requests.SendMessageAsync(request, new ArraySegment<byte>([1]), AmqpConstants.NullBinary, Patience);

        using var reply = await replies.ReceiveMessageAsync(Patience);
        Assert.NotNull(reply);
        Assert.Equal(202, reply.ApplicationProperties.Map["status-code"]);
        Assert.Equal("put-token-1", reply.Properties.CorrelationId?.ToString());
    }

    [Fact]
    public async Task LinkWithoutAddress_IsRefusedWithAnErrorCondition()
    {
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);

        // An AmqpException carrying the broker's condition, not a TimeoutException: the refusal came back as a detach.
        var error = await Assert.ThrowsAsync<AmqpException>(() => amqp.OpenSenderAsync("nowhere", new Target(), Patience));
        Assert.Equal(AmqpErrorCode.InvalidField, error.Error.Condition);
        Assert.False(string.IsNullOrEmpty(error.Error.Description));
    }

    [Fact]
    public async Task Drain_ThenNewCredit_DeliversAMessageSentInBetween()
    {
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);
        var receiver = await amqp.OpenReceiverAsync("q-receiver", new Source { Address = "/q" }, new Target { Address = "q-receiver" }, Patience);

        // A receive that finds nothing: credit 1, then a drain that hands it back (the SDK's timed-out receiveMessages).
        receiver.IssueCredit(1, false, AmqpConstants.NullBinary);
        await receiver.DrainAsyc(CancellationToken.None).WaitAsync(Patience);

        await using var sender = Client.CreateSender("q");
        await sender.SendMessageAsync(Message("sent-after-the-drain"));

        // The next receive's credit is new credit, not the drained credit coming back.
        using var message = await receiver.ReceiveMessageAsync(Patience);
        Assert.NotNull(message);
        Assert.Equal("sent-after-the-drain", message.Properties.MessageId?.ToString());
    }
}
