using System.Diagnostics.Tracing;
using System.Globalization;

namespace Cqrs.Benchtest;

/// <summary>
/// Whether the runtime is still tiering code up, read from its own compilation events. Code runs as first compiled
/// while the runtime's tiering delay is on (every method called for the first time restarts it, and on one processor
/// it is ten times as long), and until the runtime's background thread has compiled the methods counted up since;
/// on one processor that thread gets the core only between the app's threads. A warm-up that ends before both are
/// done measures unoptimized code. One for the process, as the runtime's state is. Thread-safe.
/// </summary>
internal sealed class TieringWatch : EventListener
{
    private const string RuntimeSource = "Microsoft-Windows-DotNETRuntime";

    /// <summary>The runtime's CompilationKeyword: the tiering events alone, not one per compiled method.</summary>
    private const EventKeywords CompilationKeyword = (EventKeywords)0x1000000000;

    private const int DelayStartedEventId = 281;
    private const int DelayEndedEventId = 282;
    private const int BackgroundStartedEventId = 283;
    private const int BackgroundStoppedEventId = 284;

    private static readonly Lazy<TieringWatch> Process = new(() => new TieringWatch());

    /// <summary>On until the runtime says it has ended: it is on at start-up, before any event could be heard.</summary>
    private int _delayOn = DelayMs > 0 ? 1 : 0;

    private int _delayStarts;

    /// <summary>Methods counted up and waiting for the background thread to compile them at their next tier.</summary>
    private int _pending;

    private TieringWatch()
    {
    }

    /// <summary>The process's watch; the first call starts it, so call it before the code to be warmed up first runs.</summary>
    public static TieringWatch Start() => Process.Value;

    /// <summary>The state now; two readings say whether tiering was idle in between (<see cref="Reading.IdleUntil"/>).</summary>
    public Reading Now() => new(Volatile.Read(ref _delayOn) == 1 || Volatile.Read(ref _pending) > 0, Volatile.Read(ref _delayStarts));

    /// <summary>
    /// The runtime's tiering delay in this process, in ms: <c>TC_CallCountingDelayMs</c> (100 unless set), times
    /// <c>TC_DelaySingleProcMultiplier</c> (10 unless set) when the process sees one processor; 0 when settings turn
    /// tiering, or its delay, off. The runtime reads both from the environment at its start, as hexadecimal numbers.
    /// </summary>
    public static int DelayMs { get; } = DelayApplies() ? Delay() : 0;

    private static int Delay()
    {
        var delay = HexadecimalSetting("TC_CallCountingDelayMs") ?? 100;
        var multiplier = Environment.ProcessorCount == 1 ? HexadecimalSetting("TC_DelaySingleProcMultiplier") ?? 10 : 1;
        return multiplier > 1 ? delay * multiplier : delay;
    }

    /// <summary>
    /// Whether the runtime tiers code up after a delay at all: settings can turn tiering off, or make it aggressive (no
    /// delay). A delay set to 0 is <see cref="Delay"/>'s.
    /// </summary>
    private static bool DelayApplies() =>
        AppContext.GetData("System.Runtime.TieredCompilation") is not (false or "false")
        && RuntimeSetting("TieredCompilation") is null or "1"
        && RuntimeSetting("TC_AggressiveTiering") is null or "0";

    private static string? RuntimeSetting(string name) =>
        Environment.GetEnvironmentVariable("DOTNET_" + name) ?? Environment.GetEnvironmentVariable("COMPlus_" + name);

    private static int? HexadecimalSetting(string name) =>
        int.TryParse(RuntimeSetting(name), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var value) ? value : null;

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        // The tiering events are verbose ones.
        if (eventSource.Name == RuntimeSource)
        {
            EnableEvents(eventSource, EventLevel.Verbose, CompilationKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        switch (eventData.EventId)
        {
            case DelayStartedEventId:
                Interlocked.Increment(ref _delayStarts);
                Volatile.Write(ref _delayOn, 1);
                break;
            case DelayEndedEventId:
                Volatile.Write(ref _delayOn, 0);
                break;
            case BackgroundStartedEventId:
                Volatile.Write(ref _pending, Math.Max(1, PendingMethods(eventData)));
                break;
            case BackgroundStoppedEventId:
                Volatile.Write(ref _pending, PendingMethods(eventData));
                break;
        }
    }

    /// <summary>The PendingMethodCount that follows the ClrInstanceID in both background events.</summary>
    private static int PendingMethods(EventWrittenEventArgs eventData) =>
        eventData.Payload is [_, { } pending, ..] ? Convert.ToInt32(pending, CultureInfo.InvariantCulture) : 1;

    /// <param name="Busy">The delay was on, or methods were waiting to be compiled at their next tier.</param>
    /// <param name="DelayStarts">How many times the delay had started since the watch began.</param>
    public readonly record struct Reading(bool Busy, int DelayStarts)
    {
        /// <summary>
        /// Whether tiering was idle from this reading to <paramref name="later"/>: when it was busy at either end, or its
        /// delay started in between, some of the code that ran meanwhile was not yet at its optimized tier.
        /// </summary>
        public bool IdleUntil(Reading later) => !Busy && !later.Busy && later.DelayStarts == DelayStarts;
    }
}
