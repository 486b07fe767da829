using Cqrs.EventSourcing.Sqlite;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Data.Sqlite;

namespace Cqrs.EventSourcing.Tests.Crash;

/// <summary>
/// Tests/Cqrs.CrashApp writes the sample domain over a SQLite store with the outbox, two handlers that record each
/// event they handle, and a projection in the store's file. It is killed with SIGKILL at random moments and
/// restarted (each start sweeps the outbox), then started once to drain; what it acknowledged, what it stored, what
/// its handlers saw and its projection must then agree.
/// </summary>
public sealed class SigkillCrashTests : IDisposable
{
    private const int Kills = 10;
    private static readonly string[] Handlers = ["audit", "statements"];
    private readonly string _directory = Directory.CreateTempSubdirectory("cqrs-crash-").FullName;

    /// <param name="transport">"queued": the in-process transport's queue; "direct": direct dispatch.</param>
    [Theory]
    [InlineData("queued")]
    [InlineData("direct")]
    public async Task Process_KilledAndRestartedTenTimes_KeepsEveryAcknowledgedEventDeliversEveryStoredOneAndProjectsEachOnce(string transport)
    {
        var seed = Environment.TickCount;
        var random = new Random(seed);
        var acknowledged = new List<StreamPosition>();
        for (var run = 1; run <= Kills; run++)
        {
            acknowledged.AddRange(await WriteUntilKilledAsync(transport, run, acknowledgementsBeforeKill: random.Next(5, 60)));
        }

        using (var drain = CrashAppProcess.Start("drain", transport, _directory))
        {
            await drain.WaitForSuccessAsync();
        }

        var stored = await ReadStoredAsync();
        var storedPositions = stored.Select(stored => stored.Position).ToHashSet();
        var missing = acknowledged.Where(position => !storedPositions.Contains(position)).ToList();
        Assert.True(missing.Count == 0, $"Seed {seed}: {missing.Count} of {acknowledged.Count} acknowledged appends are not stored: {Describe(missing)}");

        var handled = ReadHandled();
        foreach (var handler in Handlers)
        {
            var lost = stored.Where(stored => !handled.Contains((stored.EventId, handler))).ToList();
            Assert.True(
                lost.Count == 0,
                $"Seed {seed}, {transport}: {lost.Count} of {stored.Count} stored events never reached handler '{handler}' across {Kills} kills: " +
                Describe(lost.Select(stored => stored.Position)) + $" (event ids: {string.Join(", ", lost.Take(10).Select(stored => stored.EventId))})");
        }

        var live = await ReadBalancesAsync();
        using (var rebuild = CrashAppProcess.Start("rebuild", _directory))
        {
            await rebuild.WaitForSuccessAsync();
        }

        Assert.Equal(await ReadBalancesAsync(), live);
        Assert.Equal(stored.Count, live.Values.Sum(account => account.Events));
    }

    public void Dispose()
    {
        SqliteConnection.ClearAllPools();
        Directory.Delete(_directory, recursive: true);
    }

    /// <summary>Starts a writer run, kills it once it has acknowledged enough appends, and returns every append it acknowledged.</summary>
    private async Task<List<StreamPosition>> WriteUntilKilledAsync(string transport, int run, int acknowledgementsBeforeKill)
    {
        using var writer = CrashAppProcess.Start("write", transport, _directory, $"{run}");
        var acknowledged = new List<StreamPosition>();
        while (acknowledged.Count < acknowledgementsBeforeKill)
        {
            var line = await writer.ReadLineAsync();
            Assert.True(line is not null, $"Run {run} exited before it was killed. Its errors:\n{writer.Errors}");
            AddIfAcknowledgement(line, acknowledged);
        }

        writer.Kill();
        foreach (var line in await writer.ReadRemainingLinesAsync())
        {
            AddIfAcknowledgement(line, acknowledged);
        }

        return acknowledged;
    }

    private static void AddIfAcknowledgement(string line, List<StreamPosition> acknowledged)
    {
        if (line.Split(' ') is ["ack", var stream, var version])
        {
            acknowledged.Add(new StreamPosition(stream, long.Parse(version, System.Globalization.CultureInfo.InvariantCulture)));
        }
    }

    private async Task<List<StoredEvent>> ReadStoredAsync()
    {
        using var database = new SqliteDatabase(Path.Combine(_directory, "events.db"));
        return await new SqliteEventStore(database).ReadAllAsync().ToListAsync();
    }

    /// <summary>Every (event id, handler) the handlers recorded; a line cut short by a kill is skipped.</summary>
    private HashSet<(Guid EventId, string Handler)> ReadHandled() =>
        [.. File.ReadLines(Path.Combine(_directory, "handled.log"))
            .Select(line => line.Split(' '))
            .Where(parts => parts.Length == 2 && parts[0].Length == 32 && Handlers.Contains(parts[1]))
            .Select(parts => (Guid.ParseExact(parts[0], "N"), parts[1]))];

    private async Task<Dictionary<string, (long Cents, long Events)>> ReadBalancesAsync()
    {
        await using var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = Path.Combine(_directory, "events.db"), Pooling = false }.ToString());
        await connection.OpenAsync();
        await using var query = connection.CreateCommand();
        query.CommandText = "SELECT account, cents, events FROM crash_balances;";
        await using var rows = await query.ExecuteReaderAsync();
        var balances = new Dictionary<string, (long, long)>(StringComparer.Ordinal);
        while (await rows.ReadAsync())
        {
            balances[rows.GetString(0)] = (rows.GetInt64(1), rows.GetInt64(2));
        }

        return balances;
    }

    private static string Describe(IEnumerable<StreamPosition> positions)
    {
        var all = positions.ToList();
        return string.Join(", ", all.Take(20).Select(position => $"{position.StreamId}@{position.Version}")) + (all.Count > 20 ? $" and {all.Count - 20} more" : "");
    }
}
