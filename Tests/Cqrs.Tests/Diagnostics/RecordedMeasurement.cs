namespace Cqrs.Tests.Diagnostics;

/// <summary>One measurement <see cref="RecordingMeterFactory"/> heard.</summary>
/// <param name="Instrument">The instrument's name.</param>
/// <param name="Value">The value, as a double.</param>
/// <param name="Tags">The measurement's tags.</param>
public sealed record RecordedMeasurement(string Instrument, double Value, IReadOnlyDictionary<string, object?> Tags)
{
    /// <summary>The <see cref="CqrsDiagnostics.MessageTypeTag"/> tag.</summary>
    public string? MessageType => Tags.GetValueOrDefault(CqrsDiagnostics.MessageTypeTag) as string;
}
