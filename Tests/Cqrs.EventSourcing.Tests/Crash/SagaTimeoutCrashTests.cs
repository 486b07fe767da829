using Cqrs.EventSourcing.Tests.Support;

namespace Cqrs.EventSourcing.Tests.Crash;

/// <summary>
/// Tests/Cqrs.CrashApp stores saga timeouts in a store and is killed with SIGKILL before any fires; then processes
/// that fire them are killed at random moments; a last one fires what is left. No timeout may be lost, each saga takes
/// its timeout once, and the event each publishes on it is handled, though a killed process held it. Run over each
/// store that keeps sagas durably.
/// </summary>
public abstract class SagaTimeoutCrashTests : IDisposable
{
    private const int Countdowns = 200;
    private const int Kills = 3;
    private readonly string _directory = Directory.CreateTempSubdirectory("cqrs-saga-crash-").FullName;

    /// <summary>The crash app's last arguments, naming the store (<c>Tests/Cqrs.CrashApp/SagaStores.cs</c>).</summary>
    protected abstract string[] StoreArguments { get; }

    [Fact]
    public async Task Timeouts_StoredByAKilledProcess_FireInTheNextOnesKilledWhileFiringEachOnce()
    {
        var seed = Environment.TickCount;
        var random = new Random(seed);
        using (var arm = CrashAppProcess.Start(["saga-arm", _directory, Countdowns.ToString(System.Globalization.CultureInfo.InvariantCulture), .. StoreArguments]))
        {
            Assert.Equal("armed", await arm.ReadLineAsync());
            arm.Kill();
        }

        var fired = new HashSet<string>();
        for (var run = 0; run < Kills && fired.Count < Countdowns; run++)
        {
            // A process fires every countdown left, each printed at least once: no more lines than that are awaited.
            using var fire = CrashAppProcess.Start(["saga-fire", _directory, .. StoreArguments]);
            for (var lines = random.Next(1, Math.Min(20, Countdowns - fired.Count) + 1); lines > 0; lines--)
            {
                fired.Add(ParseFired(await fire.ReadLineAsync()));
            }

            fire.Kill();
            foreach (var line in await fire.ReadRemainingLinesAsync())
            {
                fired.Add(ParseFired(line));
            }
        }

        using var drain = CrashAppProcess.Start(["saga-drain", _directory, Countdowns.ToString(System.Globalization.CultureInfo.InvariantCulture), .. StoreArguments]);
        await drain.WaitForSuccessAsync();
        var states = new List<string>();
        foreach (var line in await drain.ReadRemainingLinesAsync())
        {
            if (line.StartsWith("state ", StringComparison.Ordinal))
            {
                states.Add(line);
            }
            else
            {
                fired.Add(ParseFired(line));
            }
        }

        Assert.Equal(Countdowns, states.Count);
        var wrong = states.Where(state => !state.EndsWith(" 1 True", StringComparison.Ordinal)).ToList();
        Assert.True(wrong.Count == 0, $"Seed {seed}: countdowns that did not take their timeout exactly once: {string.Join(", ", wrong.Take(10))}");

        // The event each countdown publishes on its timeout is kept with the saga until handled: one a killed process
        // held in its in-process queue is published by the next process at start.
        Assert.Equal(Countdowns, fired.Count);
    }

    public virtual void Dispose()
    {
        Directory.Delete(_directory, recursive: true);
        GC.SuppressFinalize(this);
    }

    private static string ParseFired(string? line) =>
        line is not null && line.StartsWith("fired ", StringComparison.Ordinal) ? line["fired ".Length..] : throw new InvalidOperationException($"Unexpected line from the crash app: '{line}'.");
}
