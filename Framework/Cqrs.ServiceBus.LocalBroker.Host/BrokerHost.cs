using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Runtime.InteropServices;
using System.Text.Json;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Host;

/// <summary>
/// Runs the local Service Bus broker until Ctrl+C (or SIGTERM):
/// <c>dotnet run --project Framework/Cqrs.ServiceBus.LocalBroker.Host -- --topology topology.json [--port 5672] [--bind 127.0.0.1] [--network-delay 1] [--log-level Information]</c>.
/// Prints the connection string on the first line of stdout, so a script can read it, and the administration
/// endpoint's (for ServiceBusAdministrationClient) on the second. The broker's log goes to stderr, one line per entry.
/// </summary>
internal static class BrokerHost
{
    private const string Usage = "usage: --topology <file.json> [--port <n>, default a free one] [--bind <address>, default 127.0.0.1]" +
        " [--network-delay <ms each way>, default 0] [--log-level <Trace|Debug|Information|Warning|Error|None>, default Warning]";

    public static async Task<int> RunAsync(string[] args)
    {
        if (!TryParse(args, out var topologyPath, out var options, out var logLevel))
        {
            await Console.Error.WriteLineAsync(Usage);
            return 2;
        }

        // stderr only: stdout carries the connection strings a script reads.
        using var loggerFactory = LoggerFactory.Create(logging => logging
            .SetMinimumLevel(logLevel)
            .AddSimpleConsole(console => console.SingleLine = true)
            .AddConsole(console => console.LogToStandardErrorThreshold = LogLevel.Trace));
        options.LoggerFactory = loggerFactory;
        if (await TryLoadAsync(topologyPath) is not { } topology || await TryStartAsync(topology, topologyPath, options) is not { } started)
        {
            return 2;
        }

        await using var broker = started;
        var stopped = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using var interrupt = PosixSignalRegistration.Create(PosixSignal.SIGINT, Stop);
        using var terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, Stop);

        Console.WriteLine(broker.ConnectionString);
        Console.WriteLine(broker.AdministrationConnectionString);
        var entities = topology.Queues.Select(queue => queue.Name)
            .Concat(topology.Topics.SelectMany(topic => topic.Subscriptions.Select(subscription => $"{topic.Name}/Subscriptions/{subscription.Name}")));
        await Console.Error.WriteLineAsync($"Local Service Bus broker on port {broker.Port} (administration on {broker.AdministrationPort}): {string.Join(", ", entities)}. Ctrl+C stops it.");
        await stopped.Task;
        return 0;

        void Stop(PosixSignalContext context)
        {
            context.Cancel = true; // stop here, disposing the broker, instead of the runtime's abrupt exit
            stopped.TrySetResult();
        }
    }

    /// <summary>Reads the topology file, or says on stderr why it cannot (no stack trace: the file is the user's input).</summary>
    private static async Task<BrokerTopology?> TryLoadAsync(string topologyPath)
    {
        try
        {
            return BrokerTopology.Load(topologyPath);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or JsonException)
        {
            await Console.Error.WriteLineAsync($"Cannot read the topology file '{topologyPath}': {exception.Message}");
            return null;
        }
    }

    /// <summary>Starts the broker, or says on stderr what is wrong: an entity of the topology, or the port.</summary>
    private static async Task<LocalServiceBusBroker?> TryStartAsync(BrokerTopology topology, string topologyPath, LocalServiceBusBrokerOptions options)
    {
        try
        {
            return await LocalServiceBusBroker.StartAsync(topology, options);
        }
        catch (ArgumentException exception)
        {
            await Console.Error.WriteLineAsync($"The topology file '{topologyPath}' is not valid: {exception.Message}");
            return null;
        }
        catch (SocketException exception)
        {
            await Console.Error.WriteLineAsync($"Cannot listen on {options.BindAddress}:{options.Port}: {exception.Message}");
            return null;
        }
    }

    private static bool TryParse(string[] args, out string topologyPath, out LocalServiceBusBrokerOptions options, out LogLevel logLevel)
    {
        topologyPath = "";
        options = new LocalServiceBusBrokerOptions();
        logLevel = LogLevel.Warning; // what the broker refuses shows; connections and links with Information
        for (var i = 0; i + 1 < args.Length; i += 2)
        {
            switch (args[i])
            {
                case "--topology":
                    topologyPath = args[i + 1];
                    break;
                case "--port" when int.TryParse(args[i + 1], out var port):
                    options.Port = port;
                    break;
                case "--bind" when IPAddress.TryParse(args[i + 1], out var address):
                    options.BindAddress = address;
                    break;
                case "--network-delay" when double.TryParse(args[i + 1], NumberStyles.Float, CultureInfo.InvariantCulture, out var milliseconds) && milliseconds is >= 0 and < 60_000:
                    options.NetworkDelay = TimeSpan.FromMilliseconds(milliseconds);
                    break;
                case "--log-level" when Enum.TryParse<LogLevel>(args[i + 1], ignoreCase: true, out var level) && Enum.IsDefined(level):
                    logLevel = level;
                    break;
                default:
                    return false;
            }
        }

        return args.Length % 2 == 0 && topologyPath.Length > 0;
    }
}
