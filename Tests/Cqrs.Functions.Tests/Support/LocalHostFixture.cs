using System.Collections.Concurrent;
using Cqrs.Functions.LocalHost;

namespace Cqrs.Functions.Tests.Support;

/// <summary>The Functions app's real worker process, served by the local Functions host on a free port, in-process mode.</summary>
public sealed class LocalHostFixture : IAsyncLifetime
{
    public const int MaxBodyBytes = 1024;

    private readonly ConcurrentQueue<string> _workerOutput = new();
    private LocalFunctionsHost? _host;

    public HttpClient Client { get; } = new();

    /// <summary>What the worker printed, for a failing test's message.</summary>
    public string WorkerOutput => string.Join('\n', _workerOutput);

    public async Task InitializeAsync()
    {
        var settings = new Dictionary<string, string?>
        {
            ["Cqrs__Transport"] = "InProcess",
            ["Cqrs__Ingestion__MaxBodyBytes"] = MaxBodyBytes.ToString(System.Globalization.CultureInfo.InvariantCulture),
            ["Benchmark__Plan"] = "B1Linux",
        };
        _host = await LocalFunctionsHost.StartAsync(FunctionsApp.OutputDirectory, 0, settings, _workerOutput.Enqueue, CancellationToken.None);
        Client.BaseAddress = _host.BaseAddress;
        Client.Timeout = TimeSpan.FromSeconds(100);
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }
    }
}
