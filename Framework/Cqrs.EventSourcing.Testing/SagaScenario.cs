using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs.EventSourcing.Testing;

/// <summary>
/// Given/when/then tests of sagas: given the messages a saga has handled, when one more message (or a timeout) comes,
/// then its state, the commands it sent, the events it published and the timeouts it requested. Messages go through
/// the generated saga handlers in a real container, on a transport that delivers the scenario's messages at once and
/// delivers nothing that handlers raise (the saga's other handlers still run on the scenario's messages, but what they
/// raise is not the saga's and is not reported); choose an event store that keeps sagas (<c>UseInMemoryStore()</c>).
/// </summary>
/// <example><code>
/// var outcome = await new SagaScenario&lt;DeliverySaga&gt;(services => services.AddSampleDomain().UseInMemoryStore())
///     .Given("d-1", new DeliveryRequested("d-1", "Main Street 1", 500, dueBy))
///     .When(new DeliveryDeadline("d-1"))
///     .ThenAsync(new DeliveryOverdue("d-1", Dispatched: false));
/// Assert.True(outcome.Saga!.Completed);
/// </code></example>
/// <typeparam name="TSaga">The saga under test.</typeparam>
public sealed class SagaScenario<TSaga>(Action<IServiceCollection> configure)
    where TSaga : ISaga<TSaga>
{
    private readonly List<IMessage> _given = [];
    private IMessage? _when;
    private string? _sagaId;

    /// <summary>Messages saga <paramref name="sagaId"/> has handled already, in order; what they raised is not checked.</summary>
    public SagaScenario<TSaga> Given(string sagaId, params IMessage[] messages)
    {
        ArgumentException.ThrowIfNullOrEmpty(sagaId);
        _sagaId = sagaId;
        _given.AddRange(messages);
        return this;
    }

    /// <summary>The message under test: a command, an event, or a timeout the saga takes (delivered as if due now).</summary>
    public SagaScenario<TSaga> When(IMessage message, string? sagaId = null)
    {
        ArgumentNullException.ThrowIfNull(message);
        _when = message;
        _sagaId = sagaId ?? _sagaId;
        return this;
    }

    /// <summary>Runs the scenario and checks what the message sent and published, in order, by value.</summary>
    /// <returns>The outcome, for checks of the state and the timeouts.</returns>
    /// <exception cref="ScenarioFailedException">A message failed, or other messages were sent or published.</exception>
    public async Task<SagaOutcome<TSaga>> ThenAsync(params IMessage[] expected)
    {
        var (outcome, failures) = await RunAsync().ConfigureAwait(false);
        if (failures.Count > 0)
        {
            throw new ScenarioFailedException($"Expected {Describe(expected)}, but a message failed: {string.Join("; ", failures)}");
        }

        IMessage[] raised = [.. outcome.Sent.Cast<IMessage>().Concat(outcome.Published)];
        var inOrder = raised.Length == expected.Length && raised.Zip(expected).All(pair => Equals(pair.First, pair.Second));
        return inOrder ? outcome : throw new ScenarioFailedException($"Expected {Describe(expected)}, but {Describe(raised)} were raised.");
    }

    /// <summary>Runs the scenario and checks that the message failed, with <paramref name="text"/> in the reason.</summary>
    /// <exception cref="ScenarioFailedException">The message did not fail so.</exception>
    public async Task ThenFailsAsync(string text)
    {
        var (_, failures) = await RunAsync().ConfigureAwait(false);
        if (!failures.Any(failure => failure.Contains(text, StringComparison.Ordinal)))
        {
            throw new ScenarioFailedException($"Expected a failure mentioning '{text}', but got {(failures.Count == 0 ? "none" : string.Join("; ", failures))}.");
        }
    }

    private async Task<(SagaOutcome<TSaga> Outcome, IReadOnlyList<string> Failures)> RunAsync()
    {
        var when = _when ?? throw new InvalidOperationException("Call When(message) before Then.");
        var sagaId = _sagaId ?? throw new InvalidOperationException("Name the saga: Given(sagaId, ...) or When(message, sagaId).");
        var transport = new ScenarioTransport();
        var decisions = new SagaDecisions();
        var services = new ServiceCollection();
        configure(services);
        services.Replace(ServiceDescriptor.Singleton<ITransport>(transport));
        services.AddSingleton<ISagaObserver>(decisions);
        var provider = services.BuildServiceProvider();
        await using (provider.ConfigureAwait(false))
        {
            foreach (var message in _given)
            {
                await DeliverAsync(provider, message).ConfigureAwait(false);
            }

            var runtime = provider.GetRequiredService<SagaRuntime<TSaga>>();
            decisions.Clear();
            transport.Clear();
            await DeliverAsync(provider, when).ConfigureAwait(false);

            var saga = await runtime.LoadAsync(sagaId).ConfigureAwait(false);
            var decided = decisions.Of(runtime.SagaType);
            var outcome = new SagaOutcome<TSaga>(
                saga, [.. decided.SelectMany(decision => decision.Sent)], [.. decided.SelectMany(decision => decision.Published)], [.. decided.SelectMany(decision => decision.Timeouts)]);
            return (outcome, transport.Failures);
        }
    }

    /// <summary>Through the buses, by the message's runtime type: the scenario's transport delivers it at once.</summary>
    private static async Task DeliverAsync(IServiceProvider provider, IMessage message)
    {
        switch (message)
        {
            case ICommand command:
                await provider.GetRequiredService<ICommandBus>().SendAsync(command).ConfigureAwait(false);
                break;
            case IEvent @event:
                await provider.GetRequiredService<IEventBus>().PublishAsync(@event).ConfigureAwait(false);
                break;
            default:
                throw new ArgumentException($"{message.GetType()} is neither a command nor an event.", nameof(message));
        }
    }

    private static string Describe(IEnumerable<IMessage> messages)
    {
        var listed = string.Join(", ", messages);
        return listed.Length == 0 ? "nothing" : $"[{listed}]";
    }
}
