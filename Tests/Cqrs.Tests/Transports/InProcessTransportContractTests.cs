using Cqrs.Testing;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports;

/// <summary>The shipped contract on the in-process transport, full pipeline: validation and MessagePack on every hop.</summary>
public class InProcessTransportContractTests : TransportContractTests
{
    /// <summary>The in-process transport is the default: nothing to add.</summary>
    protected override void UseTransport(CqrsBuilder builder)
    {
    }

    protected sealed override Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider) =>
        provider.GetRequiredService<InProcessDeadLetterQueue>().Snapshot;
}
