using System.Diagnostics;
using OpenTelemetry;

namespace Cqrs.Benchtest.Telemetry;

/// <summary>
/// Counts the sampled spans started and not yet ended. A handler completes its operation before its span ends, so
/// a phase can be over while its last spans are still open; counting them lets a flush wait for them.
/// </summary>
internal sealed class OpenSpanCounter : BaseProcessor<Activity>
{
    private long _open;

    public long Open => Interlocked.Read(ref _open);

    public override void OnStart(Activity data) => Interlocked.Increment(ref _open);

    public override void OnEnd(Activity data) => Interlocked.Decrement(ref _open);
}
