using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports;

/// <summary>The contract on the in-process transport, full pipeline: validation and MessagePack on every hop.</summary>
public class InProcessTransportContractTests : TransportContractTests
{
    protected override ServiceProvider CreateProvider(Action<CqrsOptions>? configure = null) => TestHost.Create(configure);

    protected sealed override Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider) =>
        provider.GetRequiredService<InProcessDeadLetterQueue>().Snapshot;
}
