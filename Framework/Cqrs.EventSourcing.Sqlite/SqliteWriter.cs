using System.Threading.Channels;
using Microsoft.Data.Sqlite;
using SQLitePCL;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// Group commit: every write of one store queues here, and one writer runs whatever is queued (up to
/// <see cref="MaxBatch"/> writes) in one <c>BEGIN IMMEDIATE</c> transaction, so that the writes share one fsync.
/// Each write runs in a savepoint of its own: one that throws is rolled back alone and fails alone, and the writes
/// after it see the store as if it had not run, as they would one after another. Every write of the batch completes
/// once the transaction has committed, the failed ones too, so that a write that lost a race to another in its
/// batch reads the winner if it tries again; if the transaction does not begin or commit, they all fail with its error.
/// A write cancelled while it waits is dropped; once the writer has taken it, it runs.
/// </summary>
internal sealed class SqliteWriter : IDisposable
{
    private const int MaxBatch = 256;
    private const string Savepoint = "write";

    private readonly Channel<Request> _queue = Channel.CreateUnbounded<Request>();
    private readonly Func<Task<SqliteConnection>> _open;
    private readonly Task _writing;
    private long _transactions;
    private int _beginning;

    /// <param name="open">Opens a connection to the file, its tables created.</param>
    public SqliteWriter(Func<Task<SqliteConnection>> open)
    {
        _open = open;
        _writing = WriteQueuedAsync();
    }

    /// <summary>Writes queued and not yet taken by the writer (for tests that arrange batches).</summary>
    public int Queued => _queue.Reader.Count;

    /// <summary>The transactions begun so far: fewer than the writes when writes queue.</summary>
    public long Transactions => Interlocked.Read(ref _transactions);

    /// <summary>
    /// True while the writer is in <c>BEGIN IMMEDIATE</c>: SQLite keeps it there while another connection or process
    /// holds the write lock (for tests that prove a write waits for another process).
    /// </summary>
    public bool Beginning => Volatile.Read(ref _beginning) != 0;

    /// <summary>Queues <paramref name="write"/>; the task completes once what it wrote has committed.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled before the writer took the write.</exception>
    public Task WriteAsync(Func<SqliteConnection, Task> write, CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }

        var request = new Request(write, cancellationToken);
        if (!_queue.Writer.TryWrite(request) && request.TryTake())
        {
            request.SetException(new ObjectDisposedException(nameof(SqliteDatabase)));
        }

        return request.Task;
    }

    /// <summary>Fails the writes still queued with <see cref="ObjectDisposedException"/> and waits for the batch under way.</summary>
    public void Dispose()
    {
        _queue.Writer.TryComplete();
        while (_queue.Reader.TryRead(out var request))
        {
            if (request.TryTake())
            {
                request.SetException(new ObjectDisposedException(nameof(SqliteDatabase)));
            }
        }

        _writing.GetAwaiter().GetResult();
    }

    private async Task WriteQueuedAsync()
    {
        var batch = new List<Request>(MaxBatch);
        while (await _queue.Reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (batch.Count < MaxBatch && _queue.Reader.TryRead(out var request))
            {
                if (request.TryTake())
                {
                    batch.Add(request);
                }
            }

            if (batch.Count > 0)
            {
                await CommitAsync(batch).ConfigureAwait(false);
                batch.Clear();
            }
        }
    }

    /// <summary>Runs <paramref name="batch"/> in one transaction and completes each write as it fared; never throws.</summary>
    private async Task CommitAsync(List<Request> batch)
    {
        try
        {
            using var connection = await _open().ConfigureAwait(false);
            using var transaction = Begin(connection);
            Interlocked.Increment(ref _transactions);
            foreach (var request in batch)
            {
                transaction.Save(Savepoint);
                try
                {
                    await request.Write(connection).ConfigureAwait(false);
                    transaction.Release(Savepoint);
                }
                catch (Exception error) when (raw.sqlite3_get_autocommit(connection.Handle) == 0)
                {
                    // Still in the transaction: undo this write alone. An error that ended the transaction
                    // (a full disk, say) goes on to fail the whole batch.
                    transaction.Rollback(Savepoint);
                    transaction.Release(Savepoint);
                    request.Error = error;
                }
            }

            await transaction.CommitAsync().ConfigureAwait(false);
            foreach (var request in batch)
            {
                if (request.Error is { } error)
                {
                    request.SetException(error);
                }
                else
                {
                    request.SetResult();
                }
            }
        }
        catch (Exception error)
        {
            foreach (var request in batch)
            {
                request.TrySetException(error);
            }
        }
    }

    private SqliteTransaction Begin(SqliteConnection connection)
    {
        Volatile.Write(ref _beginning, 1);
        try
        {
            return connection.BeginTransaction(deferred: false);
        }
        finally
        {
            Volatile.Write(ref _beginning, 0);
        }
    }

    /// <summary>A queued write and its caller's task: taken by the writer or dropped by its cancellation, whichever comes first.</summary>
    private sealed class Request : TaskCompletionSource
    {
        private readonly CancellationTokenRegistration _cancellation;
        private int _claimed;

        public Request(Func<SqliteConnection, Task> write, CancellationToken cancellationToken)
            : base(TaskCreationOptions.RunContinuationsAsynchronously)
        {
            Write = write;
            _cancellation = cancellationToken.UnsafeRegister(
                static (state, token) =>
                {
                    var request = (Request)state!;
                    if (request.Claim())
                    {
                        request.SetCanceled(token);
                    }
                },
                this);
        }

        public Func<SqliteConnection, Task> Write { get; }

        /// <summary>What the write threw, to fail it with once the batch has committed.</summary>
        public Exception? Error { get; set; }

        /// <summary>Claims the request, to run or fail it; false if its cancellation dropped it first.</summary>
        public bool TryTake()
        {
            if (!Claim())
            {
                return false;
            }

            _cancellation.Dispose();
            return true;
        }

        private bool Claim() => Interlocked.Exchange(ref _claimed, 1) == 0;
    }
}
