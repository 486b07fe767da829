using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Turns;

/// <summary>Sends the fan's parts, then records how many of them had been handled by then, as the note.</summary>
public sealed class KeyedFanHandler(Recorder recorder) : ICommandHandler<KeyedFan>
{
    public async ValueTask HandleAsync(KeyedFan command, IMessageContext context, CancellationToken cancellationToken)
    {
        for (var i = 0; i < command.Parts; i++)
        {
            await context.SendAsync(new KeyedFanPart(command.Key, i), cancellationToken);
        }

        recorder.Record(this, command, context, note: recorder.Of<KeyedFanPartHandler>().Count);
    }
}
