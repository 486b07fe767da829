namespace Cqrs.Diagnostics;

/// <summary>Where a message sent now goes, which decides what it carries of a trace that is not sampled (see <see cref="CqrsTelemetry.SampleSend"/>).</summary>
internal enum MessageRoute
{
    /// <summary>To its handlers in its sender's call (direct dispatch).</summary>
    InLine,

    /// <summary>To a transport that delivers in this process.</summary>
    InProcess,

    /// <summary>To a transport that carries it to other processes.</summary>
    OutOfProcess,
}
