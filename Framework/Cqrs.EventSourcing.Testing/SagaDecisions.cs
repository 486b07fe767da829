namespace Cqrs.EventSourcing.Testing;

/// <summary>The saga turns a scenario's container saved, so that its outcome can list what the "when" decided. Thread-safe.</summary>
internal sealed class SagaDecisions : ISagaObserver
{
    private readonly List<(string SagaType, SagaContext Decision)> _decided = [];

    public void Decided(string sagaType, SagaContext decision)
    {
        lock (_decided)
        {
            _decided.Add((sagaType, decision));
        }
    }

    /// <summary>Forgets the turns so far: those of the "given" messages.</summary>
    public void Clear()
    {
        lock (_decided)
        {
            _decided.Clear();
        }
    }

    public List<SagaContext> Of(string sagaType)
    {
        lock (_decided)
        {
            return [.. _decided.Where(turn => turn.SagaType == sagaType).Select(turn => turn.Decision)];
        }
    }
}
