using Cqrs.EventSourcing;

namespace Cqrs.CrashApp;

/// <summary>A saga that asks for a timeout when it starts (due at once unless told), and completes when the timeout comes, counting it.</summary>
[WireName("crash.countdown")]
public sealed record Countdown([property: Key(0)] int Fired) : ISagaStartedBy<Countdown, StartCountdown>, ISagaTimeout<Countdown, CountdownElapsed>
{
    public static Countdown Initial { get; } = new(0);

    public Countdown Handle(StartCountdown message, SagaContext context)
    {
        context.RequestTimeout(new CountdownElapsed(context.SagaId), TimeSpan.FromSeconds(message.DelaySeconds));
        return this;
    }

    public Countdown Timeout(CountdownElapsed timeout, SagaContext context)
    {
        context.Publish(new CountdownFired(context.SagaId));
        context.Complete();
        return this with { Fired = Fired + 1 };
    }
}

[WireName("crash.start-countdown")]
public sealed record StartCountdown([property: Key(0), SagaId] string CountdownId, [property: Key(1)] int DelaySeconds = 0) : ICommand;

[WireName("crash.countdown-elapsed")]
public sealed record CountdownElapsed([property: Key(0), SagaId] string CountdownId) : ICommand;

[WireName("crash.countdown-fired")]
public sealed record CountdownFired([property: Key(0)] string CountdownId) : IEvent;

/// <summary>Prints "fired &lt;id&gt;" for each countdown whose timeout came: the test reads it to kill the process mid-work.</summary>
public sealed class PrintFiredCountdowns : IEventHandler<CountdownFired>
{
    public ValueTask HandleAsync(CountdownFired @event, IMessageContext context, CancellationToken cancellationToken)
    {
        Console.Out.WriteLine($"fired {@event.CountdownId}");
        return ValueTask.CompletedTask;
    }
}
