using System.Globalization;
using Azure.Messaging.ServiceBus;
using Cqrs.EventSourcing.Sqlite;
using Cqrs.EventSourcing.Tests.Support;
using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.EventSourcing.Tests.Crash;

/// <summary>
/// Over Service Bus (the broker lives in this test process), Tests/Cqrs.CrashApp starts countdown sagas whose timeouts
/// the broker takes as scheduled messages, and is killed with SIGKILL before they are due; the next process, started
/// after the kill, gets every timeout when due, and each saga takes its timeout once.
/// </summary>
public sealed class ServiceBusSagaTimeoutCrashTests : IAsyncLifetime
{
    private const int Countdowns = 20;

    /// <summary>Long enough for the killed process to hand every timeout over and be killed before the first comes due.</summary>
    private const int DelaySeconds = 10;

    private readonly string _directory = Directory.CreateTempSubdirectory("cqrs-saga-sb-crash-").FullName;
    private LocalServiceBusBroker _broker = null!;

    public async Task InitializeAsync() => _broker = await ServiceBusBrokers.StartAsync();

    public async Task DisposeAsync()
    {
        await _broker.DisposeAsync();
        Directory.Delete(_directory, recursive: true);
    }

    [Fact]
    public async Task Timeouts_ScheduledAtTheBrokerByAKilledProcess_FireInTheNextProcessEachOnce()
    {
        using (var arm = CrashAppProcess.Start("saga-sb-arm", _directory, _broker.ConnectionString, Number(Countdowns), Number(DelaySeconds)))
        {
            Assert.Equal("armed", await arm.ReadLineAsync());
            arm.Kill();
        }

        // Killed between request and due time: each timeout lives only at the broker, still scheduled.
        using (var database = new SqliteDatabase(Path.Combine(_directory, "events.db")))
        {
            Assert.Empty(await new SqliteSagaStore(database).ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10));
        }

        var scheduled = (await _broker.PeekCommandsAsync()).Where(message => message.Subject == "crash.countdown-elapsed").ToList();
        Assert.Equal(Countdowns, scheduled.Count);
        Assert.All(scheduled, message => Assert.Equal(ServiceBusMessageState.Scheduled, message.State));

        using var drain = CrashAppProcess.Start("saga-sb-drain", _directory, _broker.ConnectionString, Number(Countdowns));
        await drain.WaitForSuccessAsync();
        var states = (await drain.ReadRemainingLinesAsync()).Where(line => line.StartsWith("state ", StringComparison.Ordinal)).ToList();

        Assert.Equal(Countdowns, states.Count);
        Assert.All(states, state => Assert.EndsWith(" 1 True", state, StringComparison.Ordinal));
    }

    private static string Number(int value) => value.ToString(CultureInfo.InvariantCulture);
}
