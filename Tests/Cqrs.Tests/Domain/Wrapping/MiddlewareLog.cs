namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>What the test middleware did, in order. Thread-safe.</summary>
public sealed class MiddlewareLog
{
    private readonly Lock _lock = new();
    private readonly List<MiddlewareCall> _calls = [];

    public void Add(MiddlewareCall call)
    {
        lock (_lock)
        {
            _calls.Add(call);
        }
    }

    /// <summary>The steps taken around calls of <typeparamref name="THandler"/>, oldest first.</summary>
    public IReadOnlyList<MiddlewareCall> Around<THandler>()
    {
        lock (_lock)
        {
            return [.. _calls.Where(call => call.Handler == typeof(THandler))];
        }
    }
}
