namespace Cqrs.Testing.Domain.Probes;

/// <summary>
/// Lets a handler begin the disposal of its own container, so that a test sees what a stop does to the handler under
/// way: the handler goes on while the stop waits for it. One per container; <see cref="Arm"/> it with the container.
/// </summary>
public sealed class StopFromHandler
{
    private readonly TaskCompletionSource<Task> _begun = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly Lock _beginning = new();
    private IAsyncDisposable? _container;

    /// <summary>Completes, once a handler has begun the stop, with the disposal under way.</summary>
    public Task<Task> Begun => _begun.Task;

    /// <summary>Whether the token of the handler that began the stop had fired when the handler finished.</summary>
    public bool? HandlerTokenFired { get; set; }

    /// <summary>Gives the container a handler will dispose.</summary>
    public void Arm(IAsyncDisposable container) => _container = container;

    /// <summary>Begins disposing the armed container, without waiting for it (it waits for the caller). Only the first call does.</summary>
    /// <exception cref="InvalidOperationException">Not armed.</exception>
    public void Begin()
    {
        var container = _container ?? throw new InvalidOperationException($"{nameof(StopFromHandler)} is not armed.");
        lock (_beginning)
        {
            if (!_begun.Task.IsCompleted)
            {
                _begun.SetResult(container.DisposeAsync().AsTask());
            }
        }
    }
}
