using System.Collections.Concurrent;
using System.Diagnostics.Metrics;

namespace Cqrs.Tests.Diagnostics;

/// <summary>
/// An <see cref="IMeterFactory"/> for one container that hears only the meters it created, so tests running
/// side by side do not see each other's measurements. Thread-safe.
/// </summary>
public sealed class RecordingMeterFactory : IMeterFactory
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentQueue<RecordedMeasurement> _measurements = new();
    private readonly ConcurrentBag<Meter> _meters = [];

    /// <param name="hears">Which instruments, by name, it listens to; all when null.</param>
    public RecordingMeterFactory(Func<string, bool>? hears = null)
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Scope == this && (hears?.Invoke(instrument.Name) ?? true))
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.Start();
    }

    public Meter Create(MeterOptions options)
    {
        var meter = new Meter(new MeterOptions(options.Name) { Version = options.Version, Tags = options.Tags, Scope = this });
        _meters.Add(meter);
        return meter;
    }

    /// <summary>The measurements of <paramref name="instrument"/> for the message type <paramref name="messageType"/>.</summary>
    public IReadOnlyList<RecordedMeasurement> Of(string instrument, string messageType) =>
        [.. _measurements.Where(measurement => measurement.Instrument == instrument && measurement.MessageType == messageType)];

    /// <summary>The measurements of <paramref name="instrument"/>, any message type.</summary>
    public IReadOnlyList<RecordedMeasurement> Of(string instrument) =>
        [.. _measurements.Where(measurement => measurement.Instrument == instrument)];

    public void Dispose()
    {
        _listener.Dispose();
        foreach (var meter in _meters)
        {
            meter.Dispose();
        }
    }

    private void Add(Instrument instrument, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        var copied = new Dictionary<string, object?>(tags.Length);
        foreach (var (key, tagValue) in tags)
        {
            copied[key] = tagValue;
        }

        _measurements.Enqueue(new RecordedMeasurement(instrument.Name, value, copied));
    }
}
