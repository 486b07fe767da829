namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>
/// The saga the contract tests drive: it keeps every amount it was bumped by, in the order applied, so a test sees
/// whether each message was applied exactly once.
/// </summary>
[WireName("tests.tally")]
public sealed record Tally([property: Key(0)] IReadOnlyList<int> Amounts, [property: Key(1)] bool Expired)
    : ISagaStartedBy<Tally, OpenTally>,
      ISagaHandles<Tally, TallyBumped>,
      ISagaHandles<Tally, ArmTally>,
      ISagaHandles<Tally, ArmTallyLater>,
      ISagaHandles<Tally, CloseTally>,
      ISagaTimeout<Tally, TallyExpired>
{
    public static Tally Initial { get; } = new([], false);

    public Tally Handle(OpenTally message, SagaContext context) => this;

    public Tally Handle(TallyBumped message, SagaContext context) => this with { Amounts = [.. Amounts, message.Amount] };

    public Tally Handle(ArmTally message, SagaContext context)
    {
        context.RequestTimeout(new TallyExpired(context.SagaId), TimeSpan.Zero);
        return this;
    }

    public Tally Handle(ArmTallyLater message, SagaContext context)
    {
        context.RequestTimeout(new TallyExpired(context.SagaId), TimeSpan.FromSeconds(message.Seconds));
        return this;
    }

    public Tally Handle(CloseTally message, SagaContext context)
    {
        context.Publish(new TallyClosed(context.SagaId, Amounts.Sum()));
        context.Complete();
        return this;
    }

    public Tally Timeout(TallyExpired timeout, SagaContext context)
    {
        context.Publish(new TallyClosed(context.SagaId, -1));
        context.Complete();
        return this with { Expired = true };
    }
}

[WireName("tests.open-tally")]
public sealed record OpenTally([property: Key(0), SagaId] string TallyId) : ICommand;

[WireName("tests.tally-bumped")]
public sealed record TallyBumped([property: Key(0), SagaId] string TallyId, [property: Key(1)] int Amount) : IEvent;

[WireName("tests.arm-tally")]
public sealed record ArmTally([property: Key(0), SagaId] string TallyId) : ICommand;

[WireName("tests.arm-tally-later")]
public sealed record ArmTallyLater([property: Key(0), SagaId] string TallyId, [property: Key(1)] int Seconds) : ICommand;

[WireName("tests.close-tally")]
public sealed record CloseTally([property: Key(0), SagaId] string TallyId) : ICommand;

[WireName("tests.tally-expired")]
public sealed record TallyExpired([property: Key(0), SagaId] string TallyId) : ICommand;

[WireName("tests.tally-closed")]
public sealed record TallyClosed([property: Key(0)] string TallyId, [property: Key(1)] int Total) : IEvent;

/// <summary>The tallies closed, by id, with their totals, for tests to wait on, and the ids of every delivery of their closing. Thread-safe.</summary>
public sealed class TallyLog
{
    private readonly System.Collections.Concurrent.ConcurrentDictionary<string, TaskCompletionSource<int>> _closed = new();
    private readonly System.Collections.Concurrent.ConcurrentQueue<(string TallyId, Guid MessageId)> _closings = new();

    /// <summary>The total the tally closed with (-1 when it expired); fails past <see cref="Support.Patience.Timeout"/>.</summary>
    public Task<int> ClosedAsync(string tallyId) => Closed(tallyId).Task.WaitAsync(Support.Patience.Timeout);

    /// <summary>The message ids of the <see cref="TallyClosed"/> deliveries handled for the tally, in order.</summary>
    public IReadOnlyList<Guid> Closings(string tallyId) => [.. _closings.Where(closing => closing.TallyId == tallyId).Select(closing => closing.MessageId)];

    public void Close(string tallyId, int total, Guid messageId)
    {
        _closings.Enqueue((tallyId, messageId));
        Closed(tallyId).TrySetResult(total);
    }

    private TaskCompletionSource<int> Closed(string tallyId) =>
        _closed.GetOrAdd(tallyId, _ => new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously));
}

public sealed class RecordClosedTallies(TallyLog log) : IEventHandler<TallyClosed>
{
    public ValueTask HandleAsync(TallyClosed @event, IMessageContext context, CancellationToken cancellationToken)
    {
        log.Close(@event.TallyId, @event.Total, context.MessageId);
        return ValueTask.CompletedTask;
    }
}
