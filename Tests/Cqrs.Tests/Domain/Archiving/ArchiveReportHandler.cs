using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Archiving;

public sealed class ArchiveReportHandler(Gate gate, Ledger ledger) : ICommandHandler<ArchiveReport>
{
    public async ValueTask HandleAsync(ArchiveReport command, IMessageContext context, CancellationToken cancellationToken)
    {
        await gate.PassAsync();
        ledger.Write(command.Number);
    }
}
