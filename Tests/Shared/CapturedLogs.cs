using Microsoft.Extensions.Logging;

namespace Cqrs.Tests.Shared;

/// <summary>
/// A logger provider that keeps every entry, so a test can read what was logged, or wait for an entry. Shared by the test
/// projects that use it (linked into each). Thread-safe.
/// </summary>
internal sealed class CapturedLogs : ILoggerProvider
{
    private readonly List<Entry> entries = [];
    private TaskCompletionSource logged = NewSignal();

    public IReadOnlyList<Entry> Entries
    {
        get
        {
            lock (entries)
            {
                return [.. entries];
            }
        }
    }

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    /// <summary>The first entry that matches, waiting for it up to <paramref name="patience"/>.</summary>
    public async Task<Entry> WaitFor(Func<Entry, bool> match, TimeSpan patience)
    {
        using var timeout = new CancellationTokenSource(patience);
        while (true)
        {
            Task next;
            lock (entries)
            {
                if (entries.FirstOrDefault(match) is { } entry)
                {
                    return entry;
                }

                next = logged.Task;
            }

            try
            {
                await next.WaitAsync(timeout.Token);
            }
            catch (OperationCanceledException) when (timeout.IsCancellationRequested)
            {
                throw new TimeoutException($"No log entry matched within {patience}; logged: {string.Join(" | ", Entries.Select(entry => entry.Message))}");
            }
        }
    }

    public void Dispose()
    {
    }

    private static TaskCompletionSource NewSignal() => new(TaskCreationOptions.RunContinuationsAsynchronously);

    private void Add(Entry entry)
    {
        TaskCompletionSource signal;
        lock (entries)
        {
            entries.Add(entry);
            signal = logged;
            logged = NewSignal();
        }

        signal.SetResult();
    }

    public sealed record Entry(string Category, LogLevel Level, EventId EventId, string Message);

    private sealed class Logger(CapturedLogs logs, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            logs.Add(new Entry(category, logLevel, eventId, formatter(state, exception)));
    }
}
