using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>The saga counters of one container (its own meter factory), by instrument name.</summary>
internal sealed class SagaCounters : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentDictionary<string, long> _counts = new();

    public SagaCounters(IServiceProvider services)
    {
        var factory = services.GetRequiredService<IMeterFactory>();
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Scope == factory && instrument.Name.StartsWith("cqrs.sagas.", StringComparison.Ordinal))
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, _, _) => _counts.AddOrUpdate(instrument.Name, value, (_, count) => count + value));
        _listener.Start();
    }

    public long this[string name] => _counts.GetValueOrDefault(name);

    public void Dispose() => _listener.Dispose();
}
