using Cqrs.ServiceBus.LocalBroker.Diagnostics;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// The request half of a <c>$cbs</c> or <c>$management</c> node: each request is answered by a handler and the
/// reply goes out on the connection's link that the request's reply-to names, correlated by the request's message-id.
/// A request whose reply cannot go anywhere is refused where the client sees it: rejected when it was sent unsettled,
/// otherwise (nothing else reaches a pre-settled sender) by detaching the request link with the error.
/// </summary>
internal static class RequestLink
{
    public static void Attach(ReceivingAmqpLink link, Func<AmqpMessage, AmqpMessage> handle, Func<Exception, AmqpMessage> fail, ILogger logger)
    {
        var replies = ReplyLinks.Of(link.Session.Connection);
        var address = link.Settings.Target is Target { Address: { } target } ? target.ToString()! : "";
        link.RegisterMessageListener(request =>
        {
            var replyTo = request.Properties?.ReplyTo?.ToString();
            if (replies.Find(replyTo) is not { } replyLink)
            {
                Refuse(link, request, replyTo, address, logger);
                return;
            }

            AmqpMessage reply;
            try
            {
                reply = handle(request);
            }
            catch (Exception exception) when (exception is not OutOfMemoryException)
            {
                reply = fail(exception);
            }

            LogFailure(logger, address, reply);
            reply.Properties.CorrelationId = request.Properties?.MessageId;
            ReplyLinks.Send(replyLink, reply);
            link.DisposeMessage(request, AmqpConstants.AcceptedOutcome, settled: true, batchable: true);
        });
    }

    /// <summary>A request whose reply could go nowhere is not served, and the client is told why.</summary>
    private static void Refuse(ReceivingAmqpLink link, AmqpMessage request, string? replyTo, string address, ILogger logger)
    {
        var error = new Error
        {
            Condition = AmqpErrorCode.NotFound,
            Description = replyTo is null
                ? "The request has no reply-to: name the target of a link this connection has attached to receive the reply."
                : $"No link of this connection has the target '{replyTo}' that the request's reply-to names: attach the reply link first.",
        };
        logger.RequestFailed(address, 404, error.Condition.Value, error.Description);
        if (request.Settled)
        {
            link.SafeClose(new AmqpException(error));
        }
        else
        {
            link.DisposeMessage(request, new Rejected { Error = error }, settled: true, batchable: true);
        }
    }

    /// <summary>Logs a reply that reports a failure (<c>status-code</c> on <c>$cbs</c>, <c>statusCode</c> on <c>$management</c>).</summary>
    private static void LogFailure(ILogger logger, string address, AmqpMessage reply)
    {
        var properties = reply.ApplicationProperties.Map;
        if ((properties["statusCode"] ?? properties["status-code"]) is int status and >= 400)
        {
            var description = (properties["statusDescription"] ?? properties["status-description"])?.ToString();
            logger.RequestFailed(address, status, properties["errorCondition"]?.ToString(), description);
        }
    }
}
