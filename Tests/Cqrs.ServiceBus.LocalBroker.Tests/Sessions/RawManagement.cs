using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>An entity's <c>$management</c> node over a raw AMQP session: one request at a time, its reply read back.</summary>
internal sealed class RawManagement(SendingAmqpLink requests, ReceivingAmqpLink replies, string replyTo, TimeSpan patience)
{
    private int sent;

    public static async Task<RawManagement> OpenAsync(RawAmqpSession amqp, string entity, TimeSpan patience)
    {
        var address = $"{entity}/$management";
        var replyTo = $"{entity}-replies";
        var replies = await amqp.OpenReceiverAsync(replyTo, new Source { Address = address }, new Target { Address = replyTo }, patience);
        var requests = await amqp.OpenSenderAsync($"{entity}-requests", new Target { Address = address }, patience);
        return new RawManagement(requests, replies, replyTo, patience);
    }

    /// <summary>The status code and error condition of a reply.</summary>
    public static (int Code, string? Condition) Status(AmqpMessage reply) =>
        ((int)reply.ApplicationProperties.Map["statusCode"], reply.ApplicationProperties.Map["errorCondition"]?.ToString());

    public async Task<AmqpMessage> RequestAsync(string operation, AmqpMap body, string? associatedLinkName = null)
    {
        var request = AmqpMessage.Create(new AmqpValue { Value = body });
        request.Properties.MessageId = $"request{++sent}";
        request.Properties.ReplyTo = replyTo;
        request.ApplicationProperties.Map["operation"] = operation;
        if (associatedLinkName is not null)
        {
            request.ApplicationProperties.Map["associated-link-name"] = associatedLinkName;
        }

        replies.IssueCredit(1, false, AmqpConstants.NullBinary);
        await requests.SendMessageAsync(request, new ArraySegment<byte>(BitConverter.GetBytes(sent)), AmqpConstants.NullBinary, patience);
        return await replies.ReceiveMessageAsync(patience) ?? throw new TimeoutException($"No reply to {operation}.");
    }
}
