using Microsoft.Extensions.DependencyInjection;

namespace Cqrs;

/// <summary>
/// Settings of the buses and the pipeline. Set in code by the <c>configure</c> delegate of <c>AddCqrs</c> (run once,
/// when <c>AddCqrs</c> is called); then the configuration section passed to <c>AddCqrs</c>, or else the <c>Cqrs</c>
/// section of the container's <c>IConfiguration</c>, overrides the values it holds (nested ones as <c>Retry:Delays:0</c>
/// or <c>Cqrs__InProcess__Concurrency</c>; <see cref="RetryOptions.Delays"/> from configuration replace the defaults).
/// Validated at start.
/// </summary>
public sealed class CqrsOptions
{
    /// <summary>The configuration section options are bound from.</summary>
    public const string SectionName = "Cqrs";

    /// <summary>
    /// Direct dispatch: handlers run inline on the sender's call, as with a mediator, and messages travel as
    /// objects, validated at send (see <see cref="ValidateInDirectDispatch"/>) but never serialized. For in-process
    /// use where every microsecond counts; off by default, and only the in-process transport supports it. Failures
    /// still retry and dead-letter; a caller that cancels gets <see cref="OperationCanceledException"/>, and no
    /// handler runs again.
    /// Message ids and enqueued times come from the coarse system tick (good to 1–16 ms, by OS), and no lag is
    /// recorded: handling starts in the sender's call.
    /// </summary>
    public bool DirectDispatch { get; set; }

    /// <summary>
    /// Whether direct dispatch validates each message at send, as the other modes do: an invalid one throws
    /// <see cref="FluentValidation.ValidationException"/> and reaches no handler. On by default; turn it off only
    /// for trusted messages, to save the validators' time.
    /// </summary>
    public bool ValidateInDirectDispatch { get; set; } = true;

    /// <summary>
    /// Lifetime of handlers. Singleton (the default) is fastest; Scoped gives each delivery its own scope, for
    /// handlers that take scoped services. Read when <c>AddCqrs</c> is first called, from <c>configure</c> or the
    /// configuration section passed to it; a different value found later fails validation.
    /// </summary>
    public ServiceLifetime HandlerLifetime { get; set; } = ServiceLifetime.Singleton;

    /// <summary>Largest serialized message accepted, in bytes (256 KiB, the Service Bus Standard limit).</summary>
    public int MaxMessageBytes { get; set; } = 256 * 1024;

    /// <summary>Retry policy for handler failures.</summary>
    public RetryOptions Retry { get; set; } = new();

    /// <summary>Settings of the in-process transport.</summary>
    public InProcessOptions InProcess { get; set; } = new();

    /// <summary>
    /// Sends and publishes without receiving, as a web front end or a job that feeds the other processes does: no
    /// handler runs here, and none is built, nor its dependencies (a message's validators are built when this process
    /// first sends one). Over Service Bus nothing is received: what this process sends stays on the broker for the
    /// processes that receive it. <see cref="Receive"/> is then not used. The in-process transport refuses it at start, as
    /// nothing else would receive. Off by default.
    /// </summary>
    public bool SendOnly { get; set; }

    /// <summary>Which handlers this process runs, when it runs only some (see <see cref="SendOnly"/> for none).</summary>
    public ReceiveOptions Receive { get; set; } = new();

    /// <summary>A deep copy: each container's options start from the values set in code, and none may change those.</summary>
    internal CqrsOptions Copy()
    {
        var copy = (CqrsOptions)MemberwiseClone();
        copy.Retry = Retry.Copy();
        copy.InProcess = InProcess.Copy();
        copy.Receive = Receive.Copy();
        return copy;
    }
}

/// <summary>
/// What happens when a handler throws: <see cref="ImmediateRetries"/> more attempts at once, then one delayed
/// redelivery per entry of <see cref="Delays"/>, then dead-lettering with the exception type and message.
/// Invalid or unreadable messages are never retried.
/// </summary>
public sealed class RetryOptions
{
    /// <summary>Attempts made at once after the first failure.</summary>
    public int ImmediateRetries { get; set; } = 2;

    /// <summary>Delays before each redelivery (back-off).</summary>
    public IList<TimeSpan> Delays { get; set; } = [TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(60)];

    internal RetryOptions Copy()
    {
        var copy = (RetryOptions)MemberwiseClone();
        copy.Delays = [.. Delays];
        return copy;
    }
}

/// <summary>Settings of the in-process transport.</summary>
public sealed class InProcessOptions
{
    /// <summary>Workers handling messages at once.</summary>
    public int Concurrency { get; set; } = Environment.ProcessorCount;

    /// <summary>
    /// Operations (a message from outside and everything its handlers raise) under way at once; callers past
    /// it wait. This is the back-pressure that keeps memory bounded.
    /// </summary>
    public int MaxInFlight { get; set; } = 1024;

    /// <summary>
    /// Messages waiting in the queue at most. Past it, a message a handler sends is handled at once, in that
    /// handler's call (up to 16 handlers deep), instead of queued: the handler is held back, and memory stays
    /// bounded. Messages from outside are bounded by <see cref="MaxInFlight"/>.
    /// </summary>
    public int MaxQueuedMessages { get; set; } = 4096;

    /// <summary>
    /// How long a stop waits for the operations under way. Then the handlers' cancellation token fires, messages
    /// still queued are set aside unhandled (a stored event stays in its outbox; any other is dead-lettered with
    /// reason <see cref="DeadLetterReasons.Shutdown"/>), and handlers get as long again to stop.
    /// </summary>
    public TimeSpan ShutdownTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Dead letters the in-process dead-letter queue holds (10,000 by default); past it the oldest is dropped, counted
    /// and logged with its id, so a poison flood cannot take all memory.
    /// </summary>
    public int DeadLetterCapacity { get; set; } = 10_000;

    internal InProcessOptions Copy() => (InProcessOptions)MemberwiseClone();
}
