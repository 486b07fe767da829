using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.Benchtest;

/// <summary>
/// The broker operations of a Service Bus run's measured phase, read from the local broker that carried it: what
/// Service Bus would bill for the same traffic.
/// </summary>
internal sealed class BrokerMeter(LocalServiceBusBroker broker)
{
    private BrokerOperations _before;

    public async Task StartAsync(CancellationToken cancellationToken)
    {
        await SettledAsync(cancellationToken).ConfigureAwait(false);
        _before = broker.Operations;
    }

    public async Task<BrokerOperations> StopAsync(CancellationToken cancellationToken)
    {
        await SettledAsync(cancellationToken).ConfigureAwait(false);
        return broker.Operations.Since(_before);
    }

    /// <summary>
    /// Waits until every delivery is settled: a message is settled just after its last handler returns, which is when
    /// a phase ends, so its settlement belongs to the phase that handled it. Gives up after the stall timeout, with
    /// what has been counted by then.
    /// </summary>
    private async Task SettledAsync(CancellationToken cancellationToken)
    {
        using var stalled = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        stalled.CancelAfter(PhaseMonitor.StallTimeout);
        try
        {
            while (broker.Operations is { } operations && operations.Settlements < operations.Receives)
            {
                await Task.Delay(TimeSpan.FromMilliseconds(1), stalled.Token).ConfigureAwait(false);
            }
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
        }
    }
}
