using System.Collections.Concurrent;
using Grpc.Core;
using Microsoft.Azure.Functions.Worker.Grpc.Messages;

namespace Cqrs.Functions.LocalHost.Protocol;

/// <summary>
/// The host's side of the worker's event stream: once the worker says it has started, it is initialised, asked for
/// its functions and told to load each; then invocations go out and their responses come back by invocation id. The
/// worker's logs go to <paramref name="output"/>, a line each.
/// </summary>
internal sealed class WorkerChannel(string applicationDirectory, Action<string> output) : FunctionRpc.FunctionRpcBase, IDisposable
{
    private readonly TaskCompletionSource<LoadedWorker> _loaded = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly ConcurrentDictionary<string, TaskCompletionSource<InvocationResponse>> _invocations = new();
    private readonly SemaphoreSlim _writeLock = new(1, 1);
    private IServerStreamWriter<StreamingMessage>? _toWorker;

    /// <summary>Completes once every function of the worker is loaded.</summary>
    public Task<LoadedWorker> Loaded => _loaded.Task;

    public override async Task EventStream(
        IAsyncStreamReader<StreamingMessage> requestStream, IServerStreamWriter<StreamingMessage> responseStream, ServerCallContext context)
    {
        _toWorker = responseStream;
        var handshake = new WorkerHandshake(applicationDirectory);
        try
        {
            await foreach (var message in requestStream.ReadAllAsync(context.CancellationToken))
            {
                if (message.ContentCase == StreamingMessage.ContentOneofCase.InvocationResponse)
                {
                    Complete(message.InvocationResponse);
                    continue;
                }

                if (message.ContentCase == StreamingMessage.ContentOneofCase.RpcLog)
                {
                    if (WorkerLogLine.From(message.RpcLog) is { } line)
                    {
                        output(line);
                    }

                    continue;
                }

                foreach (var reply in handshake.Answer(message))
                {
                    await WriteAsync(reply).ConfigureAwait(false);
                }

                if (handshake.Worker is { } worker)
                {
                    _loaded.TrySetResult(worker);
                }
            }
        }
        catch (Exception exception) when (exception is WorkerFailedException)
        {
            _loaded.TrySetException(exception);
        }

        _loaded.TrySetException(new WorkerFailedException("The worker closed its event stream."));
        foreach (var invocation in _invocations.Values)
        {
            invocation.TrySetException(new WorkerFailedException("The worker closed its event stream."));
        }
    }

    /// <summary>Sends an invocation and completes with the worker's response to it.</summary>
    public async Task<InvocationResponse> InvokeAsync(InvocationRequest request, CancellationToken cancellationToken)
    {
        var response = new TaskCompletionSource<InvocationResponse>(TaskCreationOptions.RunContinuationsAsynchronously);
        _invocations[request.InvocationId] = response;
        try
        {
            await WriteAsync(new StreamingMessage { RequestId = request.InvocationId, InvocationRequest = request }).ConfigureAwait(false);
            return await response.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _invocations.TryRemove(request.InvocationId, out _);
        }
    }

    private void Complete(InvocationResponse response)
    {
        if (_invocations.TryGetValue(response.InvocationId, out var waiting))
        {
            waiting.TrySetResult(response);
        }
    }

    private async Task WriteAsync(StreamingMessage message)
    {
        // A gRPC stream takes one write at a time.
        await _writeLock.WaitAsync().ConfigureAwait(false);
        try
        {
            await _toWorker!.WriteAsync(message).ConfigureAwait(false);
        }
        finally
        {
            _writeLock.Release();
        }
    }

    public void Dispose() => _writeLock.Dispose();
}
