using System.Text.Json;
using Cqrs.Benchtest.Tests.Support;

namespace Cqrs.Benchtest.Tests;

/// <summary>
/// Instance churn (<c>--churn</c>) run as a real process: two consumer processes on the local broker, one of them killed
/// with SIGKILL and restarted while thousands of commands flow, then audited from their durable logs; with <c>--inbox</c>,
/// the handlers of both do their work through one inbox, a SQLite file both processes open; with <c>--ordering</c>,
/// keyed commands of their own carry ordering keys, several commands to a key, on session entities.
/// </summary>
public sealed class ChurnCliTests
{
    [Fact]
    public async Task Churn5_KillingAConsumerWhileCommandsFlow_LosesNothing_AndRepeatsOnlyUnderIdsAlreadySeen()
    {
        var result = await ChurnAsync("--churn", "5", "--tasks", "4", "--commands", "1000");

        Assert.Equal((4_000, 5), (result.GetProperty("operations").GetInt32(), result.GetProperty("kills").GetInt32()));
        Assert.Equal(0, result.GetProperty("lost").GetInt32());
        Assert.Equal(0, result.GetProperty("repeatsUnderNewIds").GetInt32());
    }

    [Fact]
    public async Task Churn5WithInbox_KillingAConsumerWhileCommandsFlow_NeverRepeatsAnEffectTheInboxHadRecorded()
    {
        var result = await ChurnAsync("--churn", "5", "--inbox", "--tasks", "4", "--commands", "750");

        Assert.Equal((3_000, 5, true), (result.GetProperty("operations").GetInt32(), result.GetProperty("kills").GetInt32(), result.GetProperty("inbox").GetBoolean()));
        Assert.Equal((0, 0), (result.GetProperty("lost").GetInt32(), result.GetProperty("effectsLost").GetInt32()));
        Assert.Equal(0, result.GetProperty("repeatsUnderNewIds").GetInt32());
        Assert.Equal(0, result.GetProperty("effectRepeatsUnexplained").GetInt32());
        Assert.Equal(0, result.GetProperty("effectRepeatsConcurrent").GetInt32());
    }

    [Fact]
    public async Task Churn4WithOrdering_KillingAConsumerWhileKeyedCommandsFlow_LosesNothing_AndHandlesEachKeyInOrder()
    {
        var result = await ChurnAsync("--churn", "4", "--ordering", "--tasks", "4", "--commands", "500");

        Assert.Equal((2_000, 4, true), (result.GetProperty("operations").GetInt32(), result.GetProperty("kills").GetInt32(), result.GetProperty("ordering").GetBoolean()));
        Assert.Equal(0, result.GetProperty("lost").GetInt32());
        Assert.Equal((64, 0), (result.GetProperty("lanes").GetInt32(), result.GetProperty("orderViolations").GetInt32()));
    }

    /// <summary>Runs a churn over Service Bus and gives back its result, the CLI's last line, once it has exited cleanly.</summary>
    private static async Task<JsonElement> ChurnAsync(params string[] arguments)
    {
        var (exitCode, lines, errors) = await BenchtestCli.RunAsync(TimeSpan.FromMinutes(5), ["--transport", "servicebus", .. arguments, "--telemetry", "off"]);
        var result = JsonDocument.Parse(lines[^1]).RootElement;
        Assert.True(exitCode == 0, $"The CLI exited with {exitCode}: {lines[^1]}\n{errors}");
        return result;
    }
}
