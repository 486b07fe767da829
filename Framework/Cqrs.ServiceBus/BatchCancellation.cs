namespace Cqrs.ServiceBus;

/// <summary>
/// The token a batch is sent with: cancelled once every send in the batch is cancelled, never while one of them still
/// wants the batch sent. Dispose it once the batch is sent.
/// </summary>
internal sealed class BatchCancellation : IDisposable
{
    private readonly CancellationTokenSource? _cancellation;
    private readonly CancellationTokenRegistration[] _registrations = [];
    private int _uncancelled;

    private BatchCancellation(IReadOnlyList<CancellationToken> sends)
    {
        foreach (var send in sends)
        {
            if (!send.CanBeCanceled)
            {
                return; // this send cannot be cancelled, so neither can the batch
            }
        }

        _cancellation = new CancellationTokenSource();
        _uncancelled = sends.Count;
        _registrations = [.. sends.Select(send => send.UnsafeRegister(static state => ((BatchCancellation)state!).OneCancelled(), this))];
    }

    public CancellationToken Token => _cancellation?.Token ?? CancellationToken.None;

    /// <summary>The cancellation of a batch of <paramref name="sends"/>, one token each.</summary>
    public static BatchCancellation Of(IReadOnlyList<CancellationToken> sends) => new(sends);

    /// <summary>Stops watching the sends (waiting for a cancellation under way to finish), then frees the token.</summary>
    public void Dispose()
    {
        foreach (var registration in _registrations)
        {
            registration.Dispose();
        }

        _cancellation?.Dispose();
    }

    private void OneCancelled()
    {
        if (Interlocked.Decrement(ref _uncancelled) == 0)
        {
            _cancellation!.Cancel();
        }
    }
}
