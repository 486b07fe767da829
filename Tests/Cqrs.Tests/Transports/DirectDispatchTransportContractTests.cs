using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports;

/// <summary>
/// The contract on the in-process transport in direct mode: messages travel as objects, unvalidated and
/// unserialized. Raw messages put on the transport still arrive as bytes, so the bad-input cases apply too.
/// </summary>
public sealed class DirectDispatchTransportContractTests : InProcessTransportContractTests
{
    protected override ServiceProvider CreateProvider(Action<CqrsOptions>? configure = null) =>
        TestHost.Create(options =>
        {
            options.DirectDispatch = true;
            configure?.Invoke(options);
        });

    /// <summary>Direct dispatch stamps messages from the coarse system tick: 16 ms at most, on Windows.</summary>
    protected override TimeSpan EnqueuedTimeResolution => TimeSpan.FromMilliseconds(16);
}
