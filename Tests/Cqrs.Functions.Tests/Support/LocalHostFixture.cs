using System.Collections.Concurrent;
using Cqrs.Functions.LocalHost;

namespace Cqrs.Functions.Tests.Support;

/// <summary>
/// The Functions app's real worker process, served by the local Functions host on a free port, in-process mode. The
/// host asks for <see cref="FunctionKey"/>, which <see cref="Client"/> sends with every call.
/// </summary>
public class LocalHostFixture : IAsyncLifetime
{
    public const int MaxBodyBytes = 1024;

    public const string FunctionKey = "local-test-key";

    private readonly ConcurrentQueue<string> _workerOutput = new();
    private LocalFunctionsHost? _host;

    public HttpClient Client { get; } = new();

    /// <summary>Messages the app's Service Bus broker has taken so far; null in in-process mode, which has none.</summary>
    public virtual long? BrokerSends => null;

    /// <summary>
    /// <see cref="BrokerSends"/> once it reaches <paramref name="expected"/>, or after ten seconds: a saga's timeout is
    /// handed to the broker by the worker's timeout scheduler in the background, with no signal outside.
    /// </summary>
    public async Task<long?> WaitForBrokerSendsAsync(long? expected)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        while (BrokerSends < expected && !timeout.IsCancellationRequested)
        {
            await Task.Delay(TimeSpan.FromMilliseconds(20));
        }

        return BrokerSends;
    }

    /// <summary>What the host printed of the worker and of each call, for a failing test's message.</summary>
    public string WorkerOutput => string.Join('\n', _workerOutput);

    /// <summary>The lines the host printed so far: the worker's output and logs, and a line per call.</summary>
    public IReadOnlyList<string> OutputLines => [.. _workerOutput];

    public async Task InitializeAsync()
    {
        var settings = new Dictionary<string, string?>
        {
            ["Cqrs__Transport"] = "InProcess",
            ["Cqrs__Ingestion__MaxBodyBytes"] = MaxBodyBytes.ToString(System.Globalization.CultureInfo.InvariantCulture),
            ["Benchmark__Plan"] = "B1Linux",
        };
        await AddSettingsAsync(settings);
        _host = await LocalFunctionsHost.StartAsync(FunctionsApp.OutputDirectory, 0, settings, FunctionKey, _workerOutput.Enqueue, CancellationToken.None);
        Client.BaseAddress = _host.BaseAddress;
        Client.Timeout = TimeSpan.FromSeconds(100);
        Client.DefaultRequestHeaders.Add("x-functions-key", FunctionKey);
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }

        await DisposeMoreAsync();
    }

    /// <summary>Adds to, or overrides, the app settings the worker starts with.</summary>
    protected virtual Task AddSettingsAsync(Dictionary<string, string?> settings) => Task.CompletedTask;

    /// <summary>Disposes what <see cref="AddSettingsAsync"/> started, once the worker is gone.</summary>
    protected virtual Task DisposeMoreAsync() => Task.CompletedTask;
}
