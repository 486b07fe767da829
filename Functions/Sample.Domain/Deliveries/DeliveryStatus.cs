namespace Sample.Domain.Deliveries;

/// <summary>One delivery's progress: each step is null until its event has been handled.</summary>
public sealed record DeliveryStatus(
    string DeliveryId,
    bool Requested,
    DateTimeOffset? Departure,
    string? DroneId,
    string? PackageSize);
