using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Bursts;

/// <summary>Publishes the burst, then records how many of its parts had been handled by then, as the note.</summary>
public sealed class BurstHandler(Recorder recorder) : ICommandHandler<Burst>
{
    public async ValueTask HandleAsync(Burst command, IMessageContext context, CancellationToken cancellationToken)
    {
        for (var i = 0; i < command.Count; i++)
        {
            await context.PublishAsync(new BurstPart(i), cancellationToken);
        }

        recorder.Record(this, command, context, note: recorder.Of<BurstPartHandler>().Count);
    }
}
