namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>A queue of the local broker.</summary>
public sealed class QueueOptions : EntityOptions
{
}
