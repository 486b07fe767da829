using System.Diagnostics;
using Cqrs.Diagnostics;
using OpenTelemetry;
using OpenTelemetry.Trace;

namespace Cqrs.Tests.Diagnostics;

/// <summary>
/// What a message whose root the sampler dropped carries of its trace, by where it goes, under OpenTelemetry's SDK with
/// a parent-based ratio sampler that samples no root.
/// </summary>
[Collection(nameof(ProcessWideCollection))]
public sealed class UnsampledTraceTests : IDisposable
{
    private static readonly MessageTelemetry Command = new("tests.v1.submit-order", MessageKind.Command);

    private readonly TracerProvider _tracing = Sdk.CreateTracerProviderBuilder()
        .AddSource(CqrsDiagnostics.ActivitySourceName)
        .SetSampler(new ParentBasedSampler(new TraceIdRatioBasedSampler(0)))
        .Build();

    /// <summary>In line, its handlers need only know it is unsampled, which the delivery marks: no trace to read or keep.</summary>
    [Fact]
    public void SampleSend_DroppedRootHandledInLine_CarriesNoTrace()
    {
        var span = CqrsTelemetry.SampleSend(Command, default, causeUnsampled: false, current: null, MessageRoute.InLine, out var trace);

        Assert.Null(span);
        Assert.Equal(default, trace);
    }

    /// <summary>
    /// Out of the process, the receiver must see a valid W3C parent with the sampled flag off, so that its own sampler
    /// (parent-based) drops the rest of the trace too, rather than ignoring the parent and deciding a new root.
    /// </summary>
    [Fact]
    public void SampleSend_DroppedRootLeavingTheProcess_CarriesAValidUnsampledTraceparent()
    {
        var span = CqrsTelemetry.SampleSend(Command, default, causeUnsampled: false, current: null, MessageRoute.OutOfProcess, out var trace);

        Assert.Null(span);
        var traceParent = $"00-{trace.TraceId.ToHexString()}-{trace.SpanId.ToHexString()}-{(int)trace.TraceFlags:x2}";
        Assert.True(ActivityContext.TryParse(traceParent, null, isRemote: true, out var received), traceParent);
        Assert.Equal((trace.TraceId, ActivityTraceFlags.None), (received.TraceId, received.TraceFlags));
    }

    /// <summary>Under a parent from another process that was not sampled, the message goes on in that parent's trace.</summary>
    [Fact]
    public void SampleSend_UnsampledRemoteCauseLeavingTheProcess_CarriesTheCausesTrace()
    {
        var cause = new ActivityContext(ActivityTraceId.CreateRandom(), ActivitySpanId.CreateRandom(), ActivityTraceFlags.None, isRemote: true);

        var span = CqrsTelemetry.SampleSend(Command, cause, causeUnsampled: false, current: null, MessageRoute.OutOfProcess, out var trace);

        Assert.Null(span);
        Assert.Equal(cause, trace);
    }

    public void Dispose() => _tracing.Dispose();
}
