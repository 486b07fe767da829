using Cqrs.Transports;

namespace Cqrs.EventSourcing.Testing;

/// <summary>
/// The transport of a saga scenario: a message the scenario sends from outside any handler is delivered at once, in the
/// sender's call; what handlers send or publish goes nowhere (the scenario learns what the saga decided from its runtime).
/// </summary>
internal sealed class ScenarioTransport : ITransport
{
    private readonly List<string> _failures = [];
    private ITransportReceiver? _receiver;

    public string Name => "scenario";

    public bool HandlesLocallyOnly => false;

    /// <summary>Why deliveries failed since the last <see cref="Clear"/>: dead letters and delayed retries.</summary>
    public IReadOnlyList<string> Failures
    {
        get
        {
            lock (_failures)
            {
                return [.. _failures];
            }
        }
    }

    public void Clear()
    {
        lock (_failures)
        {
            _failures.Clear();
        }
    }

    public void Start(ITransportReceiver receiver) => _receiver = receiver;

    public async ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        if (cause is not null)
        {
            message.Settle(delivered: true);
            return;
        }

        var receiver = _receiver ?? throw new InvalidOperationException("The scenario's transport was not started.");
        message.DeliveryCount++;
        var disposition = await receiver.ReceiveAsync(message, cancellationToken).ConfigureAwait(false);
        if (disposition.Kind == DispositionKind.DeadLetter)
        {
            Fail($"{disposition.Reason}: {disposition.Description}");
        }

        message.Settle(delivered: true);
    }

    public ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        Fail($"a handler of {message.WireName} failed, and a retry was scheduled");
        return ValueTask.CompletedTask;
    }

    public ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken)
    {
        Fail($"{reason}: {description}");
        return ValueTask.CompletedTask;
    }

    public Task StopAsync() => Task.CompletedTask;

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

    private void Fail(string failure)
    {
        lock (_failures)
        {
            _failures.Add(failure);
        }
    }
}
