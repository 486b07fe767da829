using System.Text.Json;
using System.Text.Json.Serialization;

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

    /// <summary>Whether the commands and their events carried ordering keys, on session entities (<c>--ordering</c>).</summary>
    public required bool Ordering { get; init; }

    /// <summary>
    /// With ordering keys: first runs of a handler that came after its first run of a later operation of the same key.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? OrderViolations { get; init; }

    /// <summary>With ordering keys: the keys the handler runs carried, so that a run whose commands lost their keys shows.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Lanes { get; init; }

    /// <summary>Whether the handlers did their work through the inbox, on one SQLite file the consumers shared (<c>--inbox</c>).</summary>
    public required bool Inbox { get; init; }

    /// <summary>With the inbox: the handlers' effects logged, the command handler's and the event handlers'.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Effects { get; init; }

    /// <summary>With the inbox: operations whose effect some event handler never had.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? EffectsLost { get; init; }

    /// <summary>With the inbox: effects beyond the first of a handler for an operation.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? EffectRepeats { get; init; }

    /// <summary>With the inbox: of those, the ones after a consumer was killed between an earlier effect and its record.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? EffectRepeatsAfterKills { get; init; }

    /// <summary>
    /// With the inbox: of those, the ones whose check came while an earlier effect, in a process still running, was not
    /// yet recorded: one message handled by two processes at once (a lock that expired while the first handled it).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? EffectRepeatsConcurrent { get; init; }

    /// <summary>With the inbox: of those, the ones whose check came after an earlier effect was recorded: each one the inbox should have stopped.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? EffectRepeatsUnexplained { get; init; }

    /// <summary>The result as one line of JSON.</summary>
    public string ToJson() => JsonSerializer.Serialize(this, ScaleOutJsonContext.Default.ChurnResult);
}
