namespace Cqrs.ServiceBus.LocalBroker;

/// <summary>A queue of the local broker.</summary>
public sealed class QueueOptions : EntityOptions
{
}
