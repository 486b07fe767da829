using Azure.Messaging.ServiceBus;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Azure.Amqp.Sasl;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>What generic AMQP 1.0 clients (not the Service Bus SDKs) do that the broker must serve as Service Bus does, or refuse saying why.</summary>
public sealed class GenericClientTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("q");

    [Fact]
    public async Task SaslPlain_WithAKeyNameAndKey_OpensTheConnection()
    {
        await using var client = await RawAmqpSession.OpenAsync(Broker.Port, Patience, Plain("RootManageSharedAccessKey", "any-key"));

        var receiver = await client.OpenReceiverAsync("plain-receiver", new Source { Address = "q" }, target: null, Patience);

        Assert.Equal(AmqpObjectState.Opened, receiver.State);
    }

    [Fact]
    public async Task Reject_WithAnErrorOfItsOwn_DeadLettersWithTheConditionAsReasonAndTheDescription()
    {
        await using (var sender = Client.CreateSender("q"))
        {
            await sender.SendMessageAsync(Message("poison"));
        }

        await using (var client = await RawAmqpSession.OpenAsync(Broker.Port, Patience, Plain("key", "key")))
        {
            var receiver = await client.OpenReceiverAsync("peek-lock", new Source { Address = "q" }, new Target { Address = "peek-lock" }, Patience, SettleMode.SettleOnDispose);
            receiver.IssueCredit(1, false, AmqpConstants.NullBinary);
            var message = await receiver.ReceiveMessageAsync(Patience);
            var rejected = new Rejected { Error = new Error { Condition = "app:invalid-order", Description = "The order has no lines." } };
            var state = await receiver.DisposeMessageAsync(message.DeliveryTag, rejected, batchable: false, Patience);
            Assert.IsType<Accepted>(state);
        }

        await using var deadLetters = Client.CreateReceiver("q", new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        var dead = await ReceiveOne(deadLetters);
        Assert.Equal("poison", dead.MessageId);
        Assert.Equal("app:invalid-order", dead.DeadLetterReason);
        Assert.Equal("The order has no lines.", dead.DeadLetterErrorDescription);
    }

    [Fact]
    public async Task Request_WhoseReplyToNamesNoLink_IsRejectedWithNotFound()
    {
        await using var client = await RawAmqpSession.OpenAsync(Broker.Port, Patience, Plain("key", "key"));
        var requests = await client.OpenSenderAsync("requests", new Target { Address = "$cbs" }, Patience, SettleMode.SettleOnReceive);
        var request = AmqpMessage.Create(new AmqpValue { Value = "token" });
        request.Properties.MessageId = "request1";
        request.Properties.ReplyTo = "no-such-reply-link";
        request.ApplicationProperties.Map["operation"] = "put-token";

        var outcome = await requests.SendMessageAsync(request, new ArraySegment<byte>(Guid.NewGuid().ToByteArray()), AmqpConstants.NullBinary, Patience);

        var rejected = Assert.IsType<Rejected>(outcome);
        Assert.Equal(AmqpErrorCode.NotFound, rejected.Error.Condition);
        Assert.Contains("no-such-reply-link", rejected.Error.Description, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TransactionCoordinator_IsRefusedWithNotImplemented()
    {
        await using var client = await RawAmqpSession.OpenAsync(Broker.Port, Patience, Plain("key", "key"));

        var error = await Assert.ThrowsAsync<AmqpException>(() => client.OpenSenderAsync("transactions", new Microsoft.Azure.Amqp.Transaction.Coordinator(), Patience));

        Assert.Equal(AmqpErrorCode.NotImplemented, error.Error.Condition);
        Assert.Contains("transactions", error.Error.Description, StringComparison.Ordinal);
    }

    [Fact]
    public async Task SenderToADeadLetterQueue_IsRefusedWithNotFound_SayingItIsReceivedFromOnly()
    {
        await using var client = await RawAmqpSession.OpenAsync(Broker.Port, Patience, Plain("key", "key"));

        var error = await Assert.ThrowsAsync<AmqpException>(() => client.OpenSenderAsync("to-dead-letters", new Target { Address = "q/$DeadLetterQueue" }, Patience));

        Assert.Equal(AmqpErrorCode.NotFound, error.Error.Condition);
        Assert.Contains("received from", error.Error.Description, StringComparison.Ordinal);
    }

    /// <summary>SASL PLAIN as generic clients connect to Service Bus: a shared access key name and its key.</summary>
    internal static SaslPlainHandler Plain(string keyName, string key) => new() { AuthenticationIdentity = keyName, Password = key };
}
