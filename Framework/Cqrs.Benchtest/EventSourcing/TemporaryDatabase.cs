namespace Cqrs.Benchtest.EventSourcing;

/// <summary>A SQLite file for one run, deleted with its WAL files when the run's container is disposed.</summary>
internal sealed class TemporaryDatabase : IDisposable
{
    public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"cqrs-benchtest-{Guid.NewGuid():N}.db");

    public void Dispose()
    {
        foreach (var suffix in new[] { string.Empty, "-wal", "-shm" })
        {
            File.Delete(Path + suffix);
        }
    }
}
