using Cqrs.Benchtest.ScaleOut;

namespace Cqrs.Benchtest.Tests;

public sealed class HandlerRunLogTests : IDisposable
{
    private readonly string _path = Path.Combine(Path.GetTempPath(), $"cqrs-handler-runs-{Guid.NewGuid():N}.db");

    [Fact]
    public void Read_GivesBackEveryRunWritten_WithItsLaneAndTimestamp_AcrossTheLogsOpenedOnTheFile()
    {
        var (one, two) = (Guid.NewGuid(), Guid.NewGuid());
        using (var log = new HandlerRunLog(_path, incarnation: 1))
        {
            log.HandlerFinished("first", 1, one, lane: 7);
        }

        // A consumer started again on its file appends to what the one killed before it wrote.
        using (var log = new HandlerRunLog(_path, incarnation: 2))
        {
            log.HandlerFinished("second", 2, two);
            var runs = HandlerRunLog.Read(_path);
            Assert.Equal([("first", 1, one, (int?)7), ("second", 2, two, null)], runs.Select(run => (run.Handler, run.Sequence, run.MessageId, run.Lane)));
            Assert.True(runs[0].At < runs[1].At, "The runs' timestamps are in the order they were written.");
        }
    }

    [Fact]
    public void ReadEffectsAndRecords_GiveBackEachApart_WithTheIncarnationThatWroteIt()
    {
        var (one, two) = (Guid.NewGuid(), Guid.NewGuid());
        using (var log = new HandlerRunLog(_path, incarnation: 1))
        {
            log.EffectDone("first", 1, one, checkedAt: 10);
        }

        using (var log = new HandlerRunLog(_path, incarnation: 2))
        {
            log.EffectDone("first", 1, one, checkedAt: 20);
            log.RecordDone("first", 1, one, recordedAt: 30);
            log.HandlerFinished("first", 1, one);
            log.EffectDone("second", 2, two, checkedAt: 40);
        }

        Assert.Equal(
            [new LoggedEffect("first", 1, one, Incarnation: 1, At: 10), new LoggedEffect("first", 1, one, 2, 20), new LoggedEffect("second", 2, two, 2, 40)],
            HandlerRunLog.ReadEffects(_path));
        Assert.Equal([new LoggedEffect("first", 1, one, 2, 30)], HandlerRunLog.ReadRecords(_path));
        Assert.Equal([("first", 1, one)], HandlerRunLog.Read(_path).Select(run => (run.Handler, run.Sequence, run.MessageId)));
    }

    [Fact]
    public void Read_NoFileYet_GivesNoRun() => Assert.Empty(HandlerRunLog.Read(_path));

    [Fact]
    public void ReadEffects_NoFileYet_GivesNoEffect() => Assert.Empty(HandlerRunLog.ReadEffects(_path));

    public void Dispose()
    {
        foreach (var suffix in new[] { "", "-wal", "-shm" })
        {
            File.Delete(_path + suffix);
        }
    }
}
