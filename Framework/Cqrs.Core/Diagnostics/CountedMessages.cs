using System.Diagnostics.Metrics;

namespace Cqrs.Diagnostics;

/// <summary>
/// The counters <c>cqrs.messages.sent</c> and <c>cqrs.messages.handled</c>, which count every message. A send or a
/// successful handler call only increments its type's <see cref="MessageCounts"/>; the sums are added to the
/// counters every <see cref="Interval"/> from the first count on, and a last time at disposal, while the meter is
/// still there. A measurement per message would cost a lookup of its tags in every listener. Thread-safe.
/// </summary>
internal sealed class CountedMessages(Meter meter) : IAsyncDisposable, IDisposable
{
    private static readonly TimeSpan Interval = TimeSpan.FromSeconds(1);

    private readonly Counter<long> _sent = meter.CreateCounter<long>(CqrsDiagnostics.MessagesSent, "{message}", "Messages put on a transport.");
    private readonly Counter<long> _handled = meter.CreateCounter<long>(CqrsDiagnostics.MessagesHandled, "{message}", "Handler invocations that succeeded.");
    private readonly Lock _describing = new();
    private Timer? _adding;

    /// <summary>Copied on write: a type is added once, when a container describes it.</summary>
    private MessageTelemetry[] _messages = [];

    /// <summary>Adds a type's counts to those added to the counters.</summary>
    public void Add(MessageTelemetry message)
    {
        lock (_describing)
        {
            Volatile.Write(ref _messages, [.. _messages, message]);
        }
    }

    public void CountSent(MessageTelemetry message)
    {
        if (_sent.Enabled)
        {
            message.Counts.CountSent();
            _adding ??= StartAdding();
        }
    }

    /// <summary>Counts a successful handler call; returns its handler's count, which holds its tags, or null when nobody listens to the count.</summary>
    public HandledCount? CountHandled(MessageTelemetry message, object handler)
    {
        if (!_handled.Enabled)
        {
            return null;
        }

        var handled = message.Counts.Of(handler);
        handled.Increment();
        _adding ??= StartAdding();
        return handled;
    }

    /// <summary>Waits for an addition under way, then adds the last counts.</summary>
    public async ValueTask DisposeAsync()
    {
        if (_adding is { } adding)
        {
            await adding.DisposeAsync().ConfigureAwait(false);
        }

        AddCounts();
    }

    /// <summary>
    /// As <see cref="DisposeAsync"/>, blocking: an addition under way is synchronous work on the thread pool, which
    /// needs nothing of the caller's thread.
    /// </summary>
    public void Dispose()
    {
        _adding?.DisposeAsync().AsTask().GetAwaiter().GetResult();
        AddCounts();
    }

    /// <summary>Adds the sends and successful handler calls counted since the last time to their counters.</summary>
    private void AddCounts()
    {
        foreach (var message in Volatile.Read(ref _messages))
        {
            if (message.Counts.TakeSent() is > 0 and var sent)
            {
                _sent.Add(sent, message.TypeTag);
            }

            foreach (var handler in message.Counts.Handled)
            {
                if (handler.Take() is > 0 and var handled)
                {
                    _handled.Add(handled, handler.Tags);
                }
            }
        }
    }

    private Timer StartAdding()
    {
        Timer timer;
        using (ExecutionContext.SuppressFlow())
        {
            // The timer outlives the message being counted: it must not keep that message's span or scope. It holds
            // the counts only weakly, for they reach the whole container: a container dropped undisposed is still
            // collected, and the timer's finalizer then stops it.
            timer = new Timer(AddCountsIfAlive, new WeakReference<CountedMessages>(this), Interval, Interval);
        }

        var started = Interlocked.CompareExchange(ref _adding, timer, null);
        if (started is null)
        {
            return timer;
        }

        timer.Dispose();
        return started;
    }

    private static void AddCountsIfAlive(object? state)
    {
        if (((WeakReference<CountedMessages>)state!).TryGetTarget(out var counted))
        {
            counted.AddCounts();
        }
    }
}
