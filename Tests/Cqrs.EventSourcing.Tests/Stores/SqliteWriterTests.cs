using Cqrs.EventSourcing.Sqlite;
using Microsoft.Data.Sqlite;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>
/// The writer's queue, on its own: its first batch, once taken, waits for the test to let it go, so that what is
/// queued meanwhile is known to wait.
/// </summary>
public sealed class SqliteWriterTests : IDisposable
{
    /// <summary>How long a test waits for what should come without the writer going on, so that a regression fails rather than hangs.</summary>
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    private readonly SqliteTestFile _file = new();
    private readonly TaskCompletionSource _taken = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _letGo = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private SqliteWriter? _writer;

    [Fact]
    public async Task Write_CancelledWhileQueued_IsDroppedAndOneAlreadyTakenRuns()
    {
        var writer = await StartAsync();
        using var takenCancellation = new CancellationTokenSource();
        using var queuedCancellation = new CancellationTokenSource();
        var taken = writer.WriteAsync(Insert("taken"), takenCancellation.Token);
        await _taken.Task;
        var queued = writer.WriteAsync(Insert("queued"), queuedCancellation.Token);
        var next = writer.WriteAsync(Insert("next"), CancellationToken.None);

        takenCancellation.Cancel();
        queuedCancellation.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => queued.WaitAsync(Patience));
        Assert.False(taken.IsCompleted);
        Assert.True(writer.WriteAsync(Insert("never"), new CancellationToken(canceled: true)).IsCanceled);
        _letGo.SetResult();
        await Task.WhenAll(taken, next);

        Assert.Equal("taken,next", await WrittenAsync());
        Assert.Equal(2, writer.Transactions);
    }

    [Fact]
    public async Task Dispose_WritesQueuedAndUnderWay_FailsTheQueuedAndWaitsForTheBatch()
    {
        var writer = await StartAsync();
        var taken = writer.WriteAsync(Insert("taken"), CancellationToken.None);
        await _taken.Task;
        var queued = writer.WriteAsync(Insert("queued"), CancellationToken.None);

        var disposing = Task.Run(writer.Dispose);
        await Assert.ThrowsAsync<ObjectDisposedException>(() => queued.WaitAsync(Patience));
        Assert.False(disposing.IsCompleted);
        _letGo.SetResult();
        await disposing;

        Assert.True(taken.IsCompletedSuccessfully);
        Assert.Equal("taken", await WrittenAsync());
        await Assert.ThrowsAsync<ObjectDisposedException>(() => writer.WriteAsync(Insert("late"), CancellationToken.None));
    }

    public void Dispose()
    {
        _letGo.TrySetResult();
        _writer?.Dispose();
        _file.Dispose();
    }

    private static Func<SqliteConnection, Task> Insert(string value) => async connection =>
    {
        await using var insert = connection.CreateCommand();
        insert.CommandText = "INSERT INTO written (value) VALUES ($value);";
        insert.Parameters.AddWithValue("$value", value);
        await insert.ExecuteNonQueryAsync();
    };

    /// <summary>A writer on a file with one table; it opens its first connection only once the test lets it go.</summary>
    private async Task<SqliteWriter> StartAsync()
    {
        await _file.ExecuteAsync("CREATE TABLE written (value TEXT NOT NULL);");
        return _writer = new SqliteWriter(async () =>
        {
            _taken.TrySetResult();
            await _letGo.Task;
            var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = _file.Path, Pooling = false }.ToString());
            await connection.OpenAsync();
            return connection;
        });
    }

    private async Task<object?> WrittenAsync() => await _file.ExecuteAsync("SELECT group_concat(value, ',' ORDER BY rowid) FROM written;");
}
