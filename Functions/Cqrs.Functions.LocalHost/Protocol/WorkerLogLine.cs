using System.Globalization;
using Microsoft.Azure.Functions.Worker.Grpc.Messages;

namespace Cqrs.Functions.LocalHost.Protocol;

/// <summary>
/// A log the worker sends over its event stream, as a line for the console: the worker's loggers write there, not to
/// its standard output, so without these a local run shows nothing of what the app logs.
/// </summary>
internal static class WorkerLogLine
{
    /// <summary>The line, or null for what is not a log to read (custom metrics travel as logs too).</summary>
    public static string? From(RpcLog log)
    {
        if (log.LogCategory == RpcLog.Types.RpcLogCategory.CustomMetric)
        {
            return null;
        }

        var line = string.Create(CultureInfo.InvariantCulture, $"[worker] {log.Level} {log.Category}: {log.Message}");
        if (log.Exception is { } exception)
        {
            line += $"{Environment.NewLine}  {exception.Source}: {exception.Message}{Environment.NewLine}{exception.StackTrace}";
        }

        return log.InvocationId.Length > 0 ? $"{line} (invocation {log.InvocationId})" : line;
    }
}
