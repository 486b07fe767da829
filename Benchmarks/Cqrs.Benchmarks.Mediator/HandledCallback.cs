namespace Cqrs.Benchmarks.Mediator;

/// <summary>What each event handler calls with its operation's sequence number: the benchmark's completion tracking.</summary>
internal sealed class HandledCallback(Action<int> report)
{
    public void Report(int sequence) => report(sequence);
}
