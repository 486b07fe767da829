namespace Cqrs.Benchtest;

/// <summary>How the process running the benchtest was held to its cores.</summary>
public enum BenchtestPinning
{
    /// <summary>Not pinned: the process runs on the processors it was given (a plan's own, in the Functions app).</summary>
    None,

    /// <summary>
    /// Its affinity was set before the runtime started, so the runtime sized its thread pool and GC for those
    /// processors alone: what a plan with that many cores gives.
    /// </summary>
    FromStart,

    /// <summary>
    /// Its affinity was narrowed after the runtime had started on more processors: the thread pool and GC stay sized
    /// for those, and on Linux the threads already running keep their wider affinity.
    /// </summary>
    AfterStart,
}
