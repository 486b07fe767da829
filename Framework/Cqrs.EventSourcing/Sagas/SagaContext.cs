namespace Cqrs.EventSourcing;

/// <summary>
/// What a saga's handler sees of the message it handles, and where it puts what it decides: commands to send, events
/// to publish, timeouts to request, and whether the saga is done. Nothing happens while the handler runs: once the
/// saga's new state is saved, its timeouts and its commands and events are stored with it (in the same write), and
/// then the commands and events are published, each under an id of its own taken now (with the message's correlation
/// id, and its message id as causation id), and kept until delivered, so a crash loses none. A handler
/// called again after a lost race gets a new context, so a decision that lost leaves nothing behind.
/// Not thread-safe; valid only during the handler call.
/// </summary>
public sealed class SagaContext
{
    private readonly List<IMessage> _outgoing = [];
    private readonly List<ICommand> _sent = [];
    private readonly List<IEvent> _published = [];
    private readonly List<RequestedTimeout> _timeouts = [];

    internal SagaContext(string sagaId, Guid messageId, Guid correlationId, DateTimeOffset now, bool isNew)
    {
        SagaId = sagaId;
        MessageId = messageId;
        CorrelationId = correlationId;
        Now = now;
        IsNew = isNew;
    }

    /// <summary>The saga's id, read from the message's <see cref="SagaIdAttribute"/> member.</summary>
    public string SagaId { get; }

    /// <summary>Id of the message being handled (for a timeout, the timeout's id).</summary>
    public Guid MessageId { get; }

    /// <summary>Id of the business flow the message belongs to.</summary>
    public Guid CorrelationId { get; }

    /// <summary>The time the message is handled at, from the container's <see cref="TimeProvider"/>: timeouts are due relative to it.</summary>
    public DateTimeOffset Now { get; }

    /// <summary>True when this message starts the saga: it is handled on <see cref="ISaga{TSelf}.Initial"/>.</summary>
    public bool IsNew { get; }

    /// <summary>True once <see cref="Complete"/> was called.</summary>
    public bool IsCompleted { get; private set; }

    /// <summary>The commands sent, in order (for tests and scenarios).</summary>
    public IReadOnlyList<ICommand> Sent => _sent;

    /// <summary>The events published, in order (for tests and scenarios).</summary>
    public IReadOnlyList<IEvent> Published => _published;

    /// <summary>The timeouts requested, in order (for tests and scenarios).</summary>
    public IReadOnlyList<RequestedTimeout> Timeouts => _timeouts;

    /// <summary>The commands and events, in the order decided.</summary>
    internal IReadOnlyList<IMessage> Outgoing => _outgoing;

    /// <summary>Sends <paramref name="command"/> once the saga is saved.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="command"/> is null.</exception>
    public void Send<TCommand>(TCommand command)
        where TCommand : ICommand
    {
        ArgumentNullException.ThrowIfNull(command);
        _sent.Add(command);
        _outgoing.Add(command);
    }

    /// <summary>Publishes <paramref name="event"/> once the saga is saved.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="event"/> is null.</exception>
    public void Publish<TEvent>(TEvent @event)
        where TEvent : IEvent
    {
        ArgumentNullException.ThrowIfNull(@event);
        _published.Add(@event);
        _outgoing.Add(@event);
    }

    /// <summary>
    /// Asks for <paramref name="timeout"/> to be delivered to this saga <paramref name="delay"/> from <see cref="Now"/>.
    /// It is stored with the saga's state, and fired by the timeout scheduler when due, also after a restart; over a
    /// transport that schedules durably (Service Bus) the scheduler hands it over at once, as a message the broker
    /// delivers when due. Its handling links to the trace of this message's.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="timeout"/> is null.</exception>
    public void RequestTimeout<TTimeout>(TTimeout timeout, TimeSpan delay)
        where TTimeout : ICommand =>
        RequestTimeout(timeout, Now + delay);

    /// <summary>Asks for <paramref name="timeout"/> to be delivered to this saga at <paramref name="dueAt"/>.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="timeout"/> is null.</exception>
    public void RequestTimeout<TTimeout>(TTimeout timeout, DateTimeOffset dueAt)
        where TTimeout : ICommand
    {
        ArgumentNullException.ThrowIfNull(timeout);
        _timeouts.Add(new RequestedTimeout(timeout, dueAt));
    }

    /// <summary>
    /// Ends the saga once this message is handled: its state is kept, marked completed, so that later messages for it
    /// meet <see cref="SagaOptions.NotFound"/> and its pending timeouts are dropped when they come due.
    /// </summary>
    public void Complete() => IsCompleted = true;
}

/// <summary>A timeout a saga asked for.</summary>
/// <param name="Timeout">The timeout command.</param>
/// <param name="DueAt">When it is to be delivered.</param>
public sealed record RequestedTimeout(ICommand Timeout, DateTimeOffset DueAt);
