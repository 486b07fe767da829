using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Diagnostics;

/// <summary>
/// What the broker logs: connections and links at Information, everything it refuses at Warning (with the AMQP
/// condition and description the client is sent). Each method checks the level first, so a broker without a logger
/// (<see cref="Microsoft.Extensions.Logging.Abstractions.NullLogger"/>) pays one call and no formatting.
/// </summary>
internal static partial class BrokerLog
{
    public const string CategoryName = "Cqrs.ServiceBus.LocalBroker";

    [LoggerMessage(EventId = 1, Level = LogLevel.Information, Message = "Connection from {RemoteEndPoint} opened (container '{ContainerId}')")]
    public static partial void ConnectionOpened(this ILogger logger, string? remoteEndPoint, string? containerId);

    [LoggerMessage(EventId = 2, Level = LogLevel.Information, Message = "Connection from {RemoteEndPoint} closed")]
    public static partial void ConnectionClosed(this ILogger logger, string? remoteEndPoint);

    [LoggerMessage(EventId = 3, Level = LogLevel.Warning, Message = "Connection from {RemoteEndPoint} failed: {Condition}: {Description}")]
    public static partial void ConnectionFailed(this ILogger logger, string? remoteEndPoint, string condition, string? description);

    [LoggerMessage(EventId = 4, Level = LogLevel.Information, Message = "Link '{LinkName}' attached: client {Role} '{Address}'")]
    public static partial void LinkAttached(this ILogger logger, string linkName, string role, string? address);

    [LoggerMessage(EventId = 5, Level = LogLevel.Warning, Message = "Link '{LinkName}' refused: client {Role} '{Address}': {Condition}: {Description}")]
    public static partial void AttachRefused(this ILogger logger, string linkName, string role, string? address, string condition, string? description);

    [LoggerMessage(EventId = 6, Level = LogLevel.Information, Message = "Link '{LinkName}' detached: client {Role} '{Address}'")]
    public static partial void LinkDetached(this ILogger logger, string linkName, string role, string? address);

    [LoggerMessage(EventId = 7, Level = LogLevel.Warning, Message = "Link '{LinkName}' detached with an error: client {Role} '{Address}': {Condition}: {Description}")]
    public static partial void LinkFailed(this ILogger logger, string linkName, string role, string? address, string condition, string? description);

    [LoggerMessage(EventId = 8, Level = LogLevel.Warning, Message = "Transfer to '{Address}' rejected: {Condition}: {Description}")]
    public static partial void TransferRejected(this ILogger logger, string address, string condition, string? description);

    [LoggerMessage(EventId = 9, Level = LogLevel.Warning, Message = "Settlement on '{Address}' refused: {Condition}: {Description}")]
    public static partial void SettlementRefused(this ILogger logger, string address, string condition, string? description);

    [LoggerMessage(EventId = 10, Level = LogLevel.Warning, Message = "Request to '{Address}' failed: {Status} {Condition}: {Description}")]
    public static partial void RequestFailed(this ILogger logger, string address, int status, string? condition, string? description);

    [LoggerMessage(EventId = 11, Level = LogLevel.Information, Message = "Link '{LinkName}' waits for the next available session of '{Address}'")]
    public static partial void SessionAwaited(this ILogger logger, string linkName, string address);
}
