using System.Threading.Channels;
using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus;

/// <summary>
/// Sends to one entity, coalescing concurrent sends into <see cref="ServiceBusMessageBatch"/>es: one batch is on the
/// wire at a time, and what arrives meanwhile goes in the next. A send completes once the broker has taken its batch.
/// A cancelled send fails at once with <see cref="OperationCanceledException"/>: it is left out of batches not yet made,
/// and a batch on the wire is cancelled once every send in it is (the others in it still want it sent). Thread-safe.
/// </summary>
internal sealed class BatchingSender : IAsyncDisposable
{
    private readonly ServiceBusSender _sender;
    private readonly int _maxBatchSize;
    private readonly Channel<PendingSend> _pending = Channel.CreateUnbounded<PendingSend>(new UnboundedChannelOptions { SingleReader = true });

    /// <summary>The tokens of the batch being made, refilled for each by the one pump.</summary>
    private readonly CancellationToken[] _batchTokens;
    private readonly Task _pump;

    public BatchingSender(ServiceBusSender sender, int maxBatchSize)
    {
        _sender = sender;
        _maxBatchSize = maxBatchSize;
        _batchTokens = new CancellationToken[maxBatchSize];
        using (ExecutionContext.SuppressFlow())
        {
            _pump = Task.Run(PumpAsync);
        }
    }

    /// <exception cref="ObjectDisposedException">The sender is closed.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled before the broker took the message.</exception>
    public Task SendAsync(ServiceBusMessage message, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var pending = new PendingSend(message, cancellationToken);
        if (!_pending.Writer.TryWrite(pending))
        {
            throw new ObjectDisposedException(nameof(BatchingSender), "The Service Bus transport is stopped.");
        }

        return cancellationToken.CanBeCanceled ? pending.Sent.Task.WaitAsync(cancellationToken) : pending.Sent.Task;
    }

    /// <summary>Sends what is pending, then closes the link.</summary>
    public async ValueTask DisposeAsync()
    {
        _pending.Writer.TryComplete();
        await _pump.ConfigureAwait(false);
        await _sender.DisposeAsync().ConfigureAwait(false);
    }

    private async Task PumpAsync()
    {
        var reader = _pending.Reader;
        var taken = new List<PendingSend>(_maxBatchSize);
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (taken.Count < _maxBatchSize && reader.TryRead(out var pending))
            {
                if (pending.CancellationToken.IsCancellationRequested)
                {
                    pending.Sent.TrySetCanceled(pending.CancellationToken); // its sender has its cancellation already
                }
                else
                {
                    taken.Add(pending);
                }
            }

            await SendInBatchesAsync(taken).ConfigureAwait(false);
            taken.Clear();
        }
    }

    /// <summary>As many batches as the entity's message size limit asks for; a message too large for any fails alone.</summary>
    private async Task SendInBatchesAsync(List<PendingSend> taken)
    {
        var index = 0;
        while (index < taken.Count)
        {
            var first = index;
            try
            {
                using var batch = await _sender.CreateMessageBatchAsync().ConfigureAwait(false);
                while (index < taken.Count && batch.TryAddMessage(taken[index].Message))
                {
                    index++;
                }

                if (index == first)
                {
                    taken[index++].Sent.TrySetException(new ServiceBusException(
                        $"The message is larger than the {batch.MaxSizeInBytes} bytes the entity takes.", ServiceBusFailureReason.MessageSizeExceeded));
                    continue;
                }

                using var sending = BatchCancellation.Of(TokensOf(taken, first, index));
                try
                {
                    await _sender.SendMessagesAsync(batch, sending.Token).ConfigureAwait(false);
                }
                catch (OperationCanceledException) when (sending.Token.IsCancellationRequested)
                {
                    // Every sender of this batch has cancelled (and has its cancellation); the messages after it are still to send.
                    Cancel(taken, first, index);
                    continue;
                }

                Complete(taken, first, index, failure: null);
            }
            catch (Exception exception)
            {
                // Every message not yet sent fails with it: their senders decide what to do (retry, abandon).
                Complete(taken, first, taken.Count, exception);
                return;
            }
        }
    }

    private ReadOnlySpan<CancellationToken> TokensOf(List<PendingSend> taken, int from, int to)
    {
        for (var i = from; i < to; i++)
        {
            _batchTokens[i - from] = taken[i].CancellationToken;
        }

        return _batchTokens.AsSpan(0, to - from);
    }

    private static void Cancel(List<PendingSend> taken, int from, int to)
    {
        for (var i = from; i < to; i++)
        {
            taken[i].Sent.TrySetCanceled(taken[i].CancellationToken);
        }
    }

    private static void Complete(List<PendingSend> taken, int from, int to, Exception? failure)
    {
        for (var i = from; i < to; i++)
        {
            if (failure is null)
            {
                taken[i].Sent.TrySetResult();
            }
            else
            {
                taken[i].Sent.TrySetException(failure);
            }
        }
    }

    private sealed record PendingSend(ServiceBusMessage Message, CancellationToken CancellationToken)
    {
        public TaskCompletionSource Sent { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
    }
}
