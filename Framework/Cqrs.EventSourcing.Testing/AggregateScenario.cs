using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Testing;

/// <summary>
/// Given/when/then tests of command handlers over event-sourced aggregates: given the events an aggregate's
/// stream holds (stored as history, published to no handler), when a command is handled, then these events are
/// appended (or this exception is thrown). The handler is resolved from a real container and called directly.
/// </summary>
/// <example><code>
/// await new AggregateScenario&lt;Account&gt;(services => services.AddSampleDomain().UseInMemoryStore())
///     .Given("acc-1", new AccountOpened("acc-1", "Ada"))
///     .When(new Deposit("acc-1", 50m))
///     .ThenAsync(new MoneyDeposited("acc-1", 50m));
/// </code></example>
/// <typeparam name="TAggregate">The aggregate the command acts on.</typeparam>
public sealed class AggregateScenario<TAggregate>(Action<IServiceCollection> configure)
    where TAggregate : IAggregate<TAggregate>
{
    private readonly List<(string Id, IEvent[] Events)> _given = [];
    private Func<IServiceProvider, IMessageContext, Task>? _when;
    private string? _whenId;

    /// <summary>Events already in aggregate <paramref name="id"/>'s stream.</summary>
    public AggregateScenario<TAggregate> Given(string id, params IEvent[] events)
    {
        _given.Add((id, events));
        return this;
    }

    /// <summary>The command under test, acting on aggregate <paramref name="id"/> (by default the one given last).</summary>
    public AggregateScenario<TAggregate> When<TCommand>(TCommand command, string? id = null)
        where TCommand : ICommand
    {
        _whenId = id;
        _when = (services, context) => services.GetRequiredService<ICommandHandler<TCommand>>().HandleAsync(command, context, CancellationToken.None).AsTask();
        return this;
    }

    /// <summary>Runs the scenario and checks the events appended, in order, by value.</summary>
    /// <exception cref="ScenarioFailedException">Other events were appended, or the handler threw.</exception>
    public async Task ThenAsync(params IEvent[] expected)
    {
        var (appended, error) = await RunAsync().ConfigureAwait(false);
        if (error is not null)
        {
            throw new ScenarioFailedException($"Expected {Describe(expected)}, but the handler threw {error.GetType().Name}: {error.Message}", error);
        }

        if (!appended.SequenceEqual(expected))
        {
            throw new ScenarioFailedException($"Expected {Describe(expected)}, but {Describe(appended)} were appended.");
        }
    }

    /// <summary>Runs the scenario and checks that the handler threw <typeparamref name="TException"/> and appended nothing.</summary>
    /// <returns>The exception, for further checks.</returns>
    /// <exception cref="ScenarioFailedException">The handler did not throw <typeparamref name="TException"/>, or appended events.</exception>
    public async Task<TException> ThenThrowsAsync<TException>()
        where TException : Exception
    {
        var (appended, error) = await RunAsync().ConfigureAwait(false);
        return error is TException expected && appended.Count == 0
            ? expected
            : throw new ScenarioFailedException(
                $"Expected {typeof(TException).Name} and no events, but got {(error is null ? "no exception" : error.GetType().Name)} and {Describe(appended)}.", error);
    }

    private async Task<(List<IEvent> Appended, Exception? Error)> RunAsync()
    {
        var when = _when ?? throw new InvalidOperationException("Call When(command) before Then.");
        var id = _whenId ?? (_given.Count > 0 ? _given[^1].Id : throw new InvalidOperationException("Name the aggregate: When(command, id)."));
        var services = new ServiceCollection();
        configure(services);
        var provider = services.BuildServiceProvider();
        await using (provider.ConfigureAwait(false))
        {
            var repository = provider.GetRequiredService<IAggregateRepository<TAggregate>>();
            await StoreGivenAsync(provider, repository).ConfigureAwait(false);

            var before = (await repository.LoadAsync(id).ConfigureAwait(false)).Version;
            Exception? error = null;
            try
            {
                await when(provider, new ScenarioContext()).ConfigureAwait(false);
            }
            catch (Exception exception)
            {
                error = exception;
            }

            return (await ReadAppendedAsync(provider, repository.StreamOf(id), before).ConfigureAwait(false), error);
        }
    }

    /// <summary>Stores the given events as history: straight into the store, published to no handler.</summary>
    private async Task StoreGivenAsync(IServiceProvider provider, IAggregateRepository<TAggregate> repository)
    {
        var store = provider.GetRequiredService<IEventStore>();
        var pipeline = provider.GetRequiredService<IMessageStorePipeline>();
        foreach (var (id, events) in _given.Where(given => given.Events.Length > 0))
        {
            // One at a time, as the repository does: ids in the events' order, and no task per event.
            var added = new List<NewEvent>(events.Length);
            foreach (var @event in events)
            {
                var serialized = await pipeline.ValidateAndSerializeAsync(@event, CancellationToken.None).ConfigureAwait(false);
                var eventId = pipeline.NewMessageId();
                added.Add(new NewEvent(eventId, serialized.WireName, serialized.Body, eventId, Guid.Empty));
            }

            await store.AppendAsync(repository.StreamOf(id), ExpectedVersion.Any, added).ConfigureAwait(false);
        }
    }

    private static async Task<List<IEvent>> ReadAppendedAsync(IServiceProvider provider, string stream, long before)
    {
        var store = provider.GetRequiredService<IEventStore>();
        var pipeline = provider.GetRequiredService<IMessageStorePipeline>();
        var appended = new List<IEvent>();
        await foreach (var stored in store.ReadStreamAsync(stream, before + 1).ConfigureAwait(false))
        {
            appended.Add((IEvent)pipeline.Deserialize(stored.WireName, stored.Payload));
        }

        return appended;
    }

    private static string Describe(IEnumerable<IEvent> events)
    {
        var listed = string.Join(", ", events);
        return listed.Length == 0 ? "no events" : $"[{listed}]";
    }
}
