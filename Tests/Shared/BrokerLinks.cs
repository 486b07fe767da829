using Microsoft.Extensions.Logging;

namespace Cqrs.Tests.Shared;

/// <summary>
/// Keeps what a local broker logs of the links clients attach (at Information: <c>Link '…' attached: client receives from
/// '/…'</c>), so a test can read which entities anything received from. Give it to the broker through a logger factory.
/// Shared by the test projects that use it (linked into each). Thread-safe.
/// </summary>
internal sealed class BrokerLinks : ILoggerProvider
{
    private readonly Lock _lock = new();
    private readonly List<string> _attached = [];

    /// <summary>The addresses of the receive links attached so far, oldest first (the client's reply links included).</summary>
    public IReadOnlyList<string> ReceivedFrom
    {
        get
        {
            lock (_lock)
            {
                return [.. _attached];
            }
        }
    }

    public ILogger CreateLogger(string categoryName) => new Logger(this);

    public void Dispose()
    {
    }

    private void Add(string message)
    {
        const string Receives = "attached: client receives from '";
        var at = message.IndexOf(Receives, StringComparison.Ordinal);
        if (at >= 0)
        {
            lock (_lock)
            {
                _attached.Add(message[(at + Receives.Length)..].TrimEnd('\''));
            }
        }
    }

    private sealed class Logger(BrokerLinks links) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Information;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            links.Add(formatter(state, exception));
    }
}
