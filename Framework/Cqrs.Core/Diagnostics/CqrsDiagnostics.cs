namespace Cqrs;

/// <summary>
/// Names of the framework's ActivitySource, Meter, instruments and tags. Subscribe with
/// <c>AddSource(CqrsDiagnostics.ActivitySourceName)</c> and <c>AddMeter(CqrsDiagnostics.MeterName)</c>.
/// </summary>
public static class CqrsDiagnostics
{
    /// <summary>The ActivitySource name: spans for send, process, publish and handle.</summary>
    public const string ActivitySourceName = "Cqrs";

    /// <summary>The Meter name.</summary>
    public const string MeterName = "Cqrs";

    /// <summary>Counter: messages put on a transport.</summary>
    public const string MessagesSent = "cqrs.messages.sent";

    /// <summary>Counter: handler invocations that succeeded.</summary>
    public const string MessagesHandled = "cqrs.messages.handled";

    /// <summary>Counter: handler invocations that threw.</summary>
    public const string MessagesFailed = "cqrs.messages.failed";

    /// <summary>Counter: delayed retries scheduled.</summary>
    public const string MessagesRetried = "cqrs.messages.retried";

    /// <summary>Counter: messages dead-lettered.</summary>
    public const string MessagesDeadLettered = "cqrs.messages.dead_lettered";

    /// <summary>Histogram (s): how long a handler ran.</summary>
    public const string HandlerDuration = "cqrs.handler.duration";

    /// <summary>Histogram (s): from enqueue to the start of handling; growing lag means the backend is falling behind.</summary>
    public const string MessageLag = "cqrs.message.lag";

    /// <summary>Tag: the message's wire name.</summary>
    public const string MessageTypeTag = "cqrs.message.type";

    /// <summary>Tag: the handler's type name.</summary>
    public const string HandlerTag = "cqrs.handler";

    /// <summary>Tag: the dead-letter reason.</summary>
    public const string ReasonTag = "cqrs.dead_letter.reason";

    /// <summary>Tag: the exception type of a failure.</summary>
    public const string ExceptionTypeTag = "exception.type";
}
