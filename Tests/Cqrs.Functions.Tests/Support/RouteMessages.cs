using Cqrs;

namespace Cqrs.Functions.Tests.Support;

/// <summary>A command with nested members, so that problems are named by their paths.</summary>
[WireName("tests.v1.plan-route")]
[PublicCommand]
public sealed record PlanRoute(
    [property: Key(0)] string RouteId,
    [property: Key(1)] IReadOnlyList<RouteStop> Stops,
    [property: Key(2)] DateTimeOffset? Departure = null) : ICommand;

public sealed record RouteStop([property: Key(0)] string City, [property: Key(1)] int Minutes);

public sealed class PlanRouteHandler : ICommandHandler<PlanRoute>
{
    public ValueTask HandleAsync(PlanRoute command, IMessageContext context, CancellationToken cancellationToken) => ValueTask.CompletedTask;
}
