using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.Benchtest;

/// <summary>A run's broker operations, divided by its operations.</summary>
internal readonly record struct BrokerOperationsPerOp(double Sends, double Receives, double Settlements, double Total)
{
    public static BrokerOperationsPerOp Of(BrokerOperations counted, int operations) => new(
        (double)counted.Sends / operations,
        (double)counted.Receives / operations,
        (double)counted.Settlements / operations,
        (double)counted.Total / operations);
}
