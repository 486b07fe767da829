namespace Cqrs.Tests.Domain.Probes;

/// <summary>A dependency registered with the handlers' lifetime, so a handler can show which scope it ran in.</summary>
public sealed class DeliveryScope
{
    public Guid Id { get; } = Guid.NewGuid();
}
