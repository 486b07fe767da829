namespace Cqrs.EventSourcing;

/// <summary>Loads aggregates of one type from their streams and appends what they decide. Thread-safe.</summary>
/// <typeparam name="TAggregate">The aggregate's state type.</typeparam>
public interface IAggregateRepository<TAggregate>
    where TAggregate : IAggregate<TAggregate>
{
    /// <summary>The stream of aggregate <paramref name="id"/>: the state type's wire name, '-', the id.</summary>
    string StreamOf(string id);

    /// <summary>The aggregate's state and version (0 and the initial state when it has no events).</summary>
    /// <exception cref="StoredDataException">A stored event cannot be read.</exception>
    Task<Loaded<TAggregate>> LoadAsync(string id, CancellationToken cancellationToken = default);

    /// <summary>
    /// Loads the aggregate, asks <paramref name="decide"/> for the events that follow from its state, validates
    /// and appends them, then publishes them. When another writer appended first, it loads and decides again,
    /// up to <see cref="EventSourcingOptions.ConflictRetries"/> times.
    /// </summary>
    /// <param name="id">The aggregate's id.</param>
    /// <param name="context">The handler call this runs in: the events carry its correlation id and take its id as causation id. Null outside handlers.</param>
    /// <param name="decide">A pure function of the state: the new events (none is fine), or an exception to refuse.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    /// <returns>The aggregate's version after the append.</returns>
    /// <exception cref="ConcurrencyException">Other writers won every retry.</exception>
    /// <exception cref="FluentValidation.ValidationException">An event is invalid; nothing was appended.</exception>
    Task<long> ExecuteAsync(string id, IMessageContext? context, Func<TAggregate, IEnumerable<IEvent>> decide, CancellationToken cancellationToken = default);

    /// <summary>Validates, appends and publishes <paramref name="events"/> to the aggregate's stream if it is at <paramref name="expectedVersion"/>.</summary>
    /// <returns>The aggregate's version after the append.</returns>
    /// <exception cref="ConcurrencyException">The stream is at another version; nothing was appended.</exception>
    /// <exception cref="FluentValidation.ValidationException">An event is invalid; nothing was appended.</exception>
    Task<long> AppendAsync(string id, ExpectedVersion expectedVersion, IReadOnlyList<IEvent> events, IMessageContext? context, CancellationToken cancellationToken = default);
}

/// <summary>An aggregate's state with the version it was folded up to.</summary>
/// <param name="State">The state.</param>
/// <param name="Version">The last event folded in; 0 for none.</param>
public readonly record struct Loaded<TAggregate>(TAggregate State, long Version);
