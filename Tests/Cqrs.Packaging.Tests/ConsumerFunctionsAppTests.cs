using System.Collections.Concurrent;
using System.Net;
using System.Text.Json;
using Cqrs.Functions.LocalHost;
using Cqrs.Packaging.Tests.Support;

namespace Cqrs.Packaging.Tests;

/// <summary>
/// The benchmark function as a user adds it: a Functions app with no function of its own, built from the packages alone,
/// whose one call registers the function the package brings. Its real worker runs under the local Functions host.
/// </summary>
[Collection(PackageFeedCollection.Name)]
public sealed class ConsumerFunctionsAppTests(PackageFeed feed)
{
    [Fact]
    public async Task FunctionsApp_BuiltFromThePackages_ListsTheBenchmarkFunction_AndRunsTheBenchtestThroughIt()
    {
        var app = ConsumerFolders.CreateAppFolder(feed, "ConsumerFunctionsApp");
        var build = await Dotnet.RunAsync(
            app, "build", "-c", "Release", $"-p:CqrsVersion={feed.Version}",
            $"-p:FunctionsWorkerVersion={Repository.PinnedVersion("Microsoft.Azure.Functions.Worker")}",
            $"-p:FunctionsWorkerSdkVersion={Repository.PinnedVersion("Microsoft.Azure.Functions.Worker.Sdk")}",
            "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, $"The app did not build from the packages: {build}");

        var workerOutput = new ConcurrentQueue<string>();
        await using var host = await LocalFunctionsHost.StartAsync(
            Path.Combine(app, "bin", "Release", "net10.0"), 0, new Dictionary<string, string?>(), functionKey: null, workerOutput.Enqueue, CancellationToken.None);
        Assert.Equal(["api/benchmark"], host.Routes);

        using var client = new HttpClient { BaseAddress = host.BaseAddress, Timeout = TimeSpan.FromSeconds(100) };
        using var response = await client.PostAsync("api/benchmark?tasks=1&commands=200&warmup=0", content: null);
        var body = await response.Content.ReadAsStringAsync();
        // A failed invocation can still answer 200 with no body (the worker's proxied response): the body is what counts.
        Assert.True(
            response.StatusCode == HttpStatusCode.OK && body.StartsWith('{'),
            $"{response.StatusCode}: '{body}'\n{string.Join('\n', workerOutput)}");
        using var result = JsonDocument.Parse(body);
        Assert.Equal(("inprocess", 200), (result.RootElement.GetProperty("transport").GetString(), result.RootElement.GetProperty("operations").GetInt32()));
    }
}
