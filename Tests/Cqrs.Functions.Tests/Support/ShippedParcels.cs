using System.Collections.Concurrent;
using System.Diagnostics;
using Cqrs;

namespace Cqrs.Functions.Tests.Support;

/// <summary>The parcels the handler has seen, by id, with the message id and trace they came with.</summary>
public sealed class ShippedParcels
{
    private readonly ConcurrentDictionary<string, TaskCompletionSource<(ShipParcel Command, Guid MessageId, ActivityTraceId? TraceId)>> _parcels = new();

    public void Record(ShipParcel command, IMessageContext context) =>
        Waiter(command.ParcelId).TrySetResult((command, context.MessageId, Activity.Current?.TraceId));

    public Task<(ShipParcel Command, Guid MessageId, ActivityTraceId? TraceId)> WaitAsync(string parcelId) =>
        Waiter(parcelId).Task.WaitAsync(TimeSpan.FromSeconds(60));

    private TaskCompletionSource<(ShipParcel, Guid, ActivityTraceId?)> Waiter(string parcelId) =>
        _parcels.GetOrAdd(parcelId, _ => new(TaskCreationOptions.RunContinuationsAsynchronously));
}
