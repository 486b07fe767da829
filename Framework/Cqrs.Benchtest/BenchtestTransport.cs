namespace Cqrs.Benchtest;

/// <summary>What carries the benchtest's messages.</summary>
public enum BenchtestTransport
{
    /// <summary>The in-process transport (or direct dispatch).</summary>
    InProcess,

    /// <summary>Azure Service Bus: a given namespace, or a local broker started for the run.</summary>
    ServiceBus,
}
