using System.Collections.Concurrent;

namespace Sample.Domain.Deliveries;

/// <summary>The read model of deliveries under way, in memory (a real app keeps it in a store of its own). Thread-safe.</summary>
public sealed class DeliveryBoard
{
    private readonly ConcurrentDictionary<string, DeliveryStatus> _deliveries = new(StringComparer.Ordinal);

    public DeliveryStatus Get(string deliveryId) =>
        _deliveries.TryGetValue(deliveryId, out var status) ? status : new DeliveryStatus(deliveryId, false, null, null, null);

    internal void Update(string deliveryId, Func<DeliveryStatus, DeliveryStatus> change) =>
        _deliveries.AddOrUpdate(deliveryId, id => change(new DeliveryStatus(id, false, null, null, null)), (_, status) => change(status));
}
