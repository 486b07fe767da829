using System.Text.Json;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// The figures of an instance churn run: consumer processes killed while the commands flowed, and what their durable
/// logs say; serialized as one JSON line by <see cref="ToJson"/>, camelCase.
/// </summary>
internal sealed record ChurnResult
{
    /// <summary>Consumer processes running at once.</summary>
    public required int Consumers { get; init; }

    /// <summary>Operations sent: commands, each with its event and that event's two handlers.</summary>
    public required int Operations { get; init; }

    /// <summary>Times a consumer was killed (SIGKILL) and started again.</summary>
    public required int Kills { get; init; }

    /// <summary>The seed the kill points and the consumers killed were drawn from: the same seed draws them again.</summary>
    public required int Seed { get; init; }

    /// <summary>The broker's lock duration, in seconds: how long a killed consumer's messages stay locked.</summary>
    public required double LockDurationSeconds { get; init; }

    /// <summary>From the first send to the end of the audit's wait.</summary>
    public required double Seconds { get; init; }

    /// <summary>Operations some event handler never ran for.</summary>
    public required int Lost { get; init; }

    /// <summary>Event handler runs logged.</summary>
    public required int HandlerRuns { get; init; }

    /// <summary>Runs beyond the first of a handler for an operation.</summary>
    public required int Repeats { get; init; }

    /// <summary>Of those, the runs on a message id the handler had not yet seen for that operation: repeats no inbox can drop.</summary>
    public required int RepeatsUnderNewIds { get; init; }

    /// <summary>The result as one line of JSON.</summary>
    public string ToJson() => JsonSerializer.Serialize(this, ScaleOutJsonContext.Default.ChurnResult);
}
