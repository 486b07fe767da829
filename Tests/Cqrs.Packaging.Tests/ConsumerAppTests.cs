using System.Globalization;
using Cqrs.Packaging.Tests.Support;

namespace Cqrs.Packaging.Tests;

/// <summary>
/// The packages as a user takes them: an app in a folder outside the repository, restored from the packed feed and
/// the machine's own package sources, built and run. Its messages and handlers are registered by the generator that
/// came with the packages, or it does not compile.
/// </summary>
[Collection(PackageFeedCollection.Name)]
public sealed class ConsumerAppTests(PackageFeed feed)
{
    [Fact]
    public async Task App_BuiltFromThePackagesAlone_ValidatesHandlesPublishesToBothHandlersAndStoresInSqlite()
    {
        var app = ConsumerFolders.CreateAppFolder(feed, "ConsumerApp");

        var build = await Dotnet.RunAsync(app, "build", "-c", "Release", $"-p:CqrsVersion={feed.Version}", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, $"The app did not build from the packages: {build}");
        var run = await Dotnet.RunAsync(app, Path.Combine(app, "bin", "Release", "net10.0", "ConsumerApp.dll"), Path.Combine(app, "orders.db"));

        Assert.True(run.ExitCode == 0, $"The app failed: {run}");
        Assert.Equal(
            [
                "confirmation sent: order-1",
                "stock reserved: 3 for order-1",
                "order-1: placed=True, quantity=3, version=1",
                "order-2: rejected (Quantity)",
            ],
            run.Lines);
    }

    [Fact]
    public async Task BrokerTool_InstalledFromItsPackage_ServesATopologyUntilStopped()
    {
        var work = Directory.CreateDirectory(Path.Combine(feed.WorkFolder, "tool")).FullName;
        ConsumerFolders.WriteNuGetConfig(feed, work);
        var tools = Path.Combine(work, "tools");
        var install = await Dotnet.RunAsync(
            work, "tool", "install", "Cqrs.ServiceBus.LocalBroker.Host", "--version", feed.Version, "--tool-path", tools);
        Assert.True(install.ExitCode == 0, $"The tool did not install: {install}");
        var topology = Path.Combine(work, "topology.json");
        await File.WriteAllTextAsync(topology, """{ "queues": [ { "name": "commands" } ] }""");

        using var broker = Dotnet.Start(Path.Combine(tools, "cqrs-servicebus-broker"), work, "--topology", topology);
        try
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
            var connectionString = await broker.StandardOutput.ReadLineAsync(timeout.Token);
            Assert.True(
                connectionString?.StartsWith("Endpoint=sb://", StringComparison.Ordinal) == true,
                $"The broker printed no connection string first: {connectionString}\n{(broker.HasExited ? await broker.StandardError.ReadToEndAsync(timeout.Token) : "")}");

            // Ctrl+C's equivalent for a process without a terminal: the broker stops cleanly and exits with 0.
            var stop = await Dotnet.RunProgramAsync("kill", work, "-TERM", broker.Id.ToString(CultureInfo.InvariantCulture));
            Assert.Equal(0, stop.ExitCode);
            await broker.WaitForExitAsync(timeout.Token);
            Assert.Equal(0, broker.ExitCode);
        }
        finally
        {
            if (!broker.HasExited)
            {
                broker.Kill(entireProcessTree: true);
            }
        }
    }
}
