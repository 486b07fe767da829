using Cqrs.Benchtest.ScaleOut;

namespace Cqrs.Benchtest.Tests;

public sealed class HandlerRunLogTests : IDisposable
{
    private readonly string _path = Path.Combine(Path.GetTempPath(), $"cqrs-handler-runs-{Guid.NewGuid():N}.db");

    [Fact]
    public void Read_GivesBackEveryRunWritten_AcrossTheLogsOpenedOnTheFile()
    {
        var (one, two) = (Guid.NewGuid(), Guid.NewGuid());
        using (var log = new HandlerRunLog(_path))
        {
            log.HandlerFinished("first", 1, one);
        }

        // A consumer started again on its file appends to what the one killed before it wrote.
        using (var log = new HandlerRunLog(_path))
        {
            log.HandlerFinished("second", 2, two);
            Assert.Equal([new HandlerRun("first", 1, one), new HandlerRun("second", 2, two)], HandlerRunLog.Read(_path));
        }
    }

    [Fact]
    public void Read_NoFileYet_GivesNoRun() => Assert.Empty(HandlerRunLog.Read(_path));

    public void Dispose()
    {
        foreach (var suffix in new[] { "", "-wal", "-shm" })
        {
            File.Delete(_path + suffix);
        }
    }
}
