using System.Threading.Channels;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.Functions.Tests.Support;

/// <summary>A fake clock that tells a test when a timer of a given due time is created, so it advances time only once the timer waits.</summary>
public sealed class TimerSignallingTimeProvider(TimeSpan watchedDueTime) : FakeTimeProvider
{
    private readonly Channel<bool> _created = Channel.CreateUnbounded<bool>();

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        var timer = base.CreateTimer(callback, state, dueTime, period);
        if (dueTime == watchedDueTime)
        {
            _created.Writer.TryWrite(true);
        }

        return timer;
    }

    /// <summary>Forgets the timers created so far: the next wait is for one created after this call.</summary>
    public void ForgetTimers()
    {
        while (_created.Reader.TryRead(out _))
        {
        }
    }

    /// <summary>Waits for the next timer of the watched due time to be created.</summary>
    public async Task WaitForTimerAsync() => await _created.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(60));
}
