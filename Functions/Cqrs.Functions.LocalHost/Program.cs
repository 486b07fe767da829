using System.Runtime.InteropServices;
using System.Text.Json;
using Cqrs.Functions.LocalHost;

// Serves a built Functions app on http://localhost:7071 as `func start` would:
//   dotnet run --project Functions/Cqrs.Functions.LocalHost [-- --app <build output> --port 7071 --settings <local.settings.json>
//     --function-key <key>, which every non-anonymous function then asks for, as in Azure]
var options = args.Chunk(2).Where(pair => pair.Length == 2).ToDictionary(pair => pair[0], pair => pair[1], StringComparer.Ordinal);
var functions = Path.GetFullPath(Path.Combine(AppContext.BaseDirectory, "..", "..", "..", ".."));
var application = options.GetValueOrDefault("--app")
    ?? Directory.GetFiles(Path.Combine(functions, "bin"), "worker.config.json", SearchOption.AllDirectories)
        .Select(file => Path.GetDirectoryName(file)!).OrderByDescending(Directory.GetLastWriteTimeUtc).FirstOrDefault()
    ?? throw new InvalidOperationException("No built Functions app found: dotnet build Functions/Functions.csproj, or pass --app.");
var settingsFile = options.GetValueOrDefault("--settings") ?? Path.Combine(functions, "local.settings.json");
var settings = new Dictionary<string, string?>(StringComparer.Ordinal);
if (File.Exists(settingsFile))
{
    using var json = JsonDocument.Parse(File.ReadAllText(settingsFile));
    foreach (var value in json.RootElement.GetProperty("Values").EnumerateObject())
    {
        settings[value.Name] = value.Value.GetString();
    }
}

using var stop = new CancellationTokenSource();
// Ctrl+C and SIGTERM both stop the host, which kills the worker: no worker outlives its host.
using var interrupt = PosixSignalRegistration.Create(PosixSignal.SIGINT, signal => Stop(signal, stop));
using var terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, signal => Stop(signal, stop));
var port = int.Parse(options.GetValueOrDefault("--port") ?? "7071", System.Globalization.CultureInfo.InvariantCulture);
await using var host = await LocalFunctionsHost.StartAsync(application!, port, settings, options.GetValueOrDefault("--function-key"), Console.WriteLine, stop.Token);
Console.WriteLine($"Functions of {application}:");
foreach (var route in host.Routes)
{
    Console.WriteLine($"  {new Uri(host.BaseAddress, route)}");
}

await Task.Delay(Timeout.Infinite, stop.Token).ContinueWith(_ => { }, TaskScheduler.Default);

static void Stop(PosixSignalContext signal, CancellationTokenSource stop)
{
    signal.Cancel = true;
    stop.Cancel();
}
