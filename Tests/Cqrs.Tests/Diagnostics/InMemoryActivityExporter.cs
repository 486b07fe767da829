using System.Diagnostics;
using OpenTelemetry;

namespace Cqrs.Tests.Diagnostics;

/// <summary>Keeps every exported span in memory, for tests that look at traces offline. Thread-safe.</summary>
public sealed class InMemoryActivityExporter : BaseExporter<Activity>
{
    private readonly Lock _lock = new();
    private readonly List<Activity> _exported = [];

    /// <summary>The spans exported so far, in the order they ended.</summary>
    public IReadOnlyList<Activity> Exported
    {
        get
        {
            lock (_lock)
            {
                return [.. _exported];
            }
        }
    }

    public override ExportResult Export(in Batch<Activity> batch)
    {
        lock (_lock)
        {
            foreach (var activity in batch)
            {
                _exported.Add(activity);
            }
        }

        return ExportResult.Success;
    }
}
