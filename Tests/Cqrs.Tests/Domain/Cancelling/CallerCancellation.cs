namespace Cqrs.Tests.Domain.Cancelling;

/// <summary>The token a test sends with, which a handler cancels midway, as a caller giving up would. One per container.</summary>
public sealed class CallerCancellation : IDisposable
{
    private readonly CancellationTokenSource _source = new();

    public CancellationToken Token => _source.Token;

    public void Cancel() => _source.Cancel();

    public void Dispose() => _source.Dispose();
}
