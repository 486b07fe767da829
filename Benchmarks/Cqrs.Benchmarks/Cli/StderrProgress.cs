using System.Globalization;
using Cqrs.Benchtest;

namespace Cqrs.Benchmarks.Cli;

/// <summary>
/// Shows how far a long phase has got on stderr: one line rewritten in place on a terminal, a line every few
/// seconds when stderr is redirected. Phases shorter than a second show nothing.
/// </summary>
internal sealed class StderrProgress(TextWriter error, bool terminal) : IProgress<BenchtestProgress>
{
    private static readonly TimeSpan ShowAfter = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan RedirectedInterval = TimeSpan.FromSeconds(5);
    private const int LineWidth = 78;

    private string _run = "";
    private BenchtestPhase? _phase;
    private long _phaseStarted;
    private long _lastLine;
    private bool _lineOpen;

    /// <summary>Names the run that the next reports belong to.</summary>
    public void StartRun(string name)
    {
        _run = name;
        _phase = null;
    }

    public void Report(BenchtestProgress value)
    {
        if (value.Phase != _phase)
        {
            _phase = value.Phase;
            _phaseStarted = _lastLine = TimeProvider.System.GetTimestamp();
        }

        if (TimeProvider.System.GetElapsedTime(_phaseStarted) < ShowAfter)
        {
            return;
        }

        var phase = value.Phase == BenchtestPhase.Warmup ? "warming up" : "measuring";
        var text = string.Create(
            CultureInfo.InvariantCulture,
            $"{_run}{phase}: {100.0 * value.Completed / value.Total:0}% ({value.Completed:N0} of {value.Total:N0} operations)");
        if (terminal)
        {
            error.Write($"\r{text.PadRight(LineWidth)}");
            _lineOpen = true;
        }
        else if (value.Completed == value.Total || TimeProvider.System.GetElapsedTime(_lastLine) >= RedirectedInterval)
        {
            error.WriteLine(text);
            _lastLine = TimeProvider.System.GetTimestamp();
        }
    }

    /// <summary>Erases the line in place, before results are printed.</summary>
    public void Clear()
    {
        if (_lineOpen)
        {
            error.Write($"\r{new string(' ', LineWidth)}\r");
            _lineOpen = false;
        }
    }
}
