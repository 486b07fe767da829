namespace Cqrs.Tests.Transports;

/// <summary>
/// The shipped contract on the in-process transport in direct mode: messages travel as objects, unvalidated and
/// unserialized. Raw messages put on the transport still arrive as bytes, so the bad-input cases apply too.
/// </summary>
public sealed class DirectDispatchTransportContractTests : InProcessTransportContractTests
{
    /// <summary>Direct dispatch stamps messages from the coarse system tick: 16 ms at most, on Windows.</summary>
    protected override TimeSpan EnqueuedTimeResolution => TimeSpan.FromMilliseconds(16);

    protected override void Configure(CqrsOptions options) => options.DirectDispatch = true;
}
