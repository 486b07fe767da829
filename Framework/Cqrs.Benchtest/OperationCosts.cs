using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.Benchtest;

/// <summary>What one operation costs: the plan's share of its hour, and the broker operations it took at their price.</summary>
internal readonly record struct OperationCosts(double PlanPerOpUsd, BrokerOperationsPerOp? Broker, double? BrokerPerOpUsd, double OpsPerDollar)
{
    /// <param name="settings">The run's settings, with the prices.</param>
    /// <param name="completed">The operations handled, which the broker's operations are shared among.</param>
    /// <param name="opsPerSecond">The rate they were handled at.</param>
    /// <param name="brokerOperations">What the broker counted in the measured phase; null without a broker.</param>
    public static OperationCosts Of(BenchtestSettings settings, int completed, double opsPerSecond, BrokerOperations? brokerOperations)
    {
        var planPerOp = settings.PricePerHourUsd / (opsPerSecond * 3600);
        if (brokerOperations is not { } counted)
        {
            return new OperationCosts(planPerOp, null, null, opsPerSecond * 3600 / settings.PricePerHourUsd);
        }

        var perOp = BrokerOperationsPerOp.Of(counted, Math.Max(1, completed));
        var brokerPerOp = perOp.Total * settings.BrokerPricePerMillionOperationsUsd / 1_000_000;
        return new OperationCosts(planPerOp, perOp, brokerPerOp, 1 / (planPerOp + brokerPerOp));
    }
}
