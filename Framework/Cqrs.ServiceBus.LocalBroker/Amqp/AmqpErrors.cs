using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>Reads the AMQP error out of what the library reports, for the broker's log.</summary>
internal static class AmqpErrors
{
    /// <summary>The AMQP error an object was closed with, or <see langword="null"/> when it closed cleanly.</summary>
    public static Error? ErrorOf(Exception? exception) => exception switch
    {
        null => null,
        AmqpException { Error: { Description: null } error } => new Error { Condition = error.Condition, Description = exception.Message },
        AmqpException { Error: { } error } => error,
        _ => new Error { Condition = AmqpErrorCode.InternalError, Description = exception.Message },
    };
}
