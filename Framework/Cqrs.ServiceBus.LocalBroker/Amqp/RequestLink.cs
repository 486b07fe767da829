using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// The request half of a <c>$cbs</c> or <c>$management</c> node: each request is answered by a handler and the
/// reply goes out on the connection's link that the request's reply-to names, correlated by the request's message-id.
/// </summary>
internal static class RequestLink
{
    public static void Attach(ReceivingAmqpLink link, Func<AmqpMessage, AmqpMessage> handle, Func<Exception, AmqpMessage> fail)
    {
        var replies = ReplyLinks.Of(link.Session.Connection);
        link.RegisterMessageListener(request =>
        {
            AmqpMessage reply;
            try
            {
                reply = handle(request);
            }
            catch (Exception exception) when (exception is not OutOfMemoryException)
            {
                reply = fail(exception);
            }

            reply.Properties.CorrelationId = request.Properties?.MessageId;
            replies.Send(request.Properties?.ReplyTo?.ToString(), reply);
            link.DisposeMessage(request, AmqpConstants.AcceptedOutcome, settled: true, batchable: true);
        });
    }
}
