using System.Runtime;

namespace Cqrs.Benchtest;

/// <summary>
/// Methods the JIT has compiled so far, on every thread, and the time it spent: the difference over start-up says
/// how much of it was compiling (most of it, unless the app was published ReadyToRun).
/// </summary>
/// <param name="Methods">Methods compiled, each tier of a method counted once.</param>
/// <param name="Time">Time spent compiling them.</param>
public readonly record struct JitActivity(long Methods, TimeSpan Time)
{
    /// <summary>The compilations since the process started.</summary>
    public static JitActivity Now() => new(JitInfo.GetCompiledMethodCount(), JitInfo.GetCompilationTime());

    /// <summary>The compilations between two readings.</summary>
    public static JitActivity operator -(JitActivity after, JitActivity before) =>
        new(after.Methods - before.Methods, after.Time - before.Time);
}
