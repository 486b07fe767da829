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

    /// <summary>
    /// Sends that cannot be cancelled, or that share one token (those from the handlers of one transport do), need no
    /// token of the batch's own: the batch is sent with none, or with theirs.
    /// </summary>
    private BatchCancellation(ReadOnlySpan<CancellationToken> sends)
    {
        var shared = true;
        foreach (var send in sends)
        {
            if (!send.CanBeCanceled)
            {
                return; // this send cannot be cancelled, so neither can the batch
            }

            shared &= send == sends[0];
        }

        if (shared)
        {
            Token = sends[0];
            return;
        }

        _cancellation = new CancellationTokenSource();
        Token = _cancellation.Token;
        _uncancelled = sends.Length;
        _registrations = new CancellationTokenRegistration[sends.Length];
        for (var i = 0; i < sends.Length; i++)
        {
            _registrations[i] = sends[i].UnsafeRegister(static state => ((BatchCancellation)state!).OneCancelled(), this);
        }
    }

    public CancellationToken Token { get; }

    /// <summary>The cancellation of a batch of <paramref name="sends"/>, one token each, at least one.</summary>
    public static BatchCancellation Of(ReadOnlySpan<CancellationToken> sends) => new(sends);

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
