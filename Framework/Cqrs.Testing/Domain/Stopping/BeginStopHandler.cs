using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Testing.Domain.Stopping;

/// <summary>
/// Begins the stop of its container (<see cref="StopFromHandler"/>), then raises <see cref="StopBegun"/> while the stop
/// goes on, and records the call, with whether its token had fired, only once the event is sent.
/// </summary>
/// <param name="stop">Begins the stop.</param>
/// <param name="recorder">Where it records.</param>
public sealed class BeginStopHandler(StopFromHandler stop, Recorder recorder) : ICommandHandler<BeginStop>
{
    /// <inheritdoc/>
    public async ValueTask HandleAsync(BeginStop command, IMessageContext context, CancellationToken cancellationToken)
    {
        stop.Begin();
        await context.PublishAsync(new StopBegun(command.Number), cancellationToken);
        stop.HandlerTokenFired = cancellationToken.IsCancellationRequested;
        recorder.Record(this, command, context);
    }
}
