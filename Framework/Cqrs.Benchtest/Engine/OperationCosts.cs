using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.Benchtest.Engine;

/// <summary>What one operation costs: the plan's share of its hour, and the broker operations it took at their price.</summary>
internal readonly record struct OperationCosts(double PlanPerOpUsd, BrokerOperationsPerOp? Broker, double? BrokerPerOpUsd, double OpsPerDollar)
{
    public static OperationCosts Of(BenchtestSettings settings, double opsPerSecond, BrokerOperations? brokerOperations)
    {
        var planPerOp = settings.PricePerHourUsd / (opsPerSecond * 3600);
        if (brokerOperations is not { } counted)
        {
            return new OperationCosts(planPerOp, null, null, opsPerSecond * 3600 / settings.PricePerHourUsd);
        }

        var perOp = BrokerOperationsPerOp.Of(counted, settings.Operations);
        var brokerPerOp = perOp.Total * settings.BrokerPricePerMillionOperationsUsd / 1_000_000;
        return new OperationCosts(planPerOp, perOp, brokerPerOp, 1 / (planPerOp + brokerPerOp));
    }
}
