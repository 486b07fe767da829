namespace Sample.Domain.Deliveries;

/// <summary>
/// One delivery's progress: each step is null until its event has been handled. <see cref="Outcome"/> is what the
/// delivery saga decided (<c>completed</c> on a confirmed drop-off, <c>overdue</c> at the deadline), and
/// <see cref="Dispatched"/> whether the drone had its departure, drone and package by then.
/// </summary>
public sealed record DeliveryStatus(
    string DeliveryId,
    bool Requested,
    DateTimeOffset? Departure,
    string? DroneId,
    string? PackageSize,
    string? Outcome = null,
    bool? Dispatched = null)
{
    public const string Completed = "completed";

    public const string Overdue = "overdue";
}
