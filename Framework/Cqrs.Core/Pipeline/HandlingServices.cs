using Cqrs.Diagnostics;

namespace Cqrs.Pipeline;

/// <summary>What a container's descriptors receive and handle their messages with, given to them when they are bound.</summary>
/// <param name="Services">The container: handlers' scopes come from it.</param>
/// <param name="Telemetry">Lag, handler durations and failures.</param>
/// <param name="Retries">What follows a handler's failure.</param>
/// <param name="MaxMessageBytes">The largest body read: a larger one is refused.</param>
/// <param name="TransportName">The transport's name, for the handlers' spans.</param>
internal sealed record HandlingServices(
    IServiceProvider Services, CqrsTelemetry Telemetry, RetryPolicy Retries, int MaxMessageBytes, string TransportName);
