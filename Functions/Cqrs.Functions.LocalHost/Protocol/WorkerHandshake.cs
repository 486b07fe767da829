using Microsoft.Azure.Functions.Worker.Grpc.Messages;

namespace Cqrs.Functions.LocalHost.Protocol;

/// <summary>
/// The start of a worker's life, one message at a time: start stream → init → function metadata → one load per
/// function. Says what to send back to each message, and holds the loaded worker once every load has succeeded.
/// </summary>
internal sealed class WorkerHandshake(string applicationDirectory)
{
    private const string HostVersion = "4.1000.0";

    private readonly List<RpcFunctionMetadata> _functions = [];
    private readonly HashSet<string> _loading = [];
    private Uri? _httpUri;

    public LoadedWorker? Worker { get; private set; }

    /// <exception cref="WorkerFailedException">The worker reported a failure.</exception>
    public IEnumerable<StreamingMessage> Answer(StreamingMessage message)
    {
        switch (message.ContentCase)
        {
            case StreamingMessage.ContentOneofCase.StartStream:
                return [new StreamingMessage
                {
                    RequestId = message.RequestId,
                    WorkerInitRequest = new WorkerInitRequest
                    {
                        HostVersion = HostVersion,
                        FunctionAppDirectory = applicationDirectory,
                        WorkerDirectory = applicationDirectory,
                    },
                }];
            case StreamingMessage.ContentOneofCase.WorkerInitResponse:
                ThrowIfFailed(message.WorkerInitResponse.Result, "init");
                _httpUri = message.WorkerInitResponse.Capabilities.TryGetValue("HttpUri", out var uri)
                    ? new Uri(uri)
                    : throw new WorkerFailedException("The worker serves no HTTP endpoint: it needs Worker.Extensions.Http.AspNetCore.");
                return [new StreamingMessage
                {
                    RequestId = message.RequestId,
                    FunctionsMetadataRequest = new FunctionsMetadataRequest { FunctionAppDirectory = applicationDirectory },
                }];
            case StreamingMessage.ContentOneofCase.FunctionMetadataResponse:
                ThrowIfFailed(message.FunctionMetadataResponse.Result, "function metadata");
                _functions.AddRange(message.FunctionMetadataResponse.FunctionMetadataResults);
                _loading.UnionWith(_functions.Select(function => function.FunctionId));
                return _functions.Select(function => new StreamingMessage
                {
                    RequestId = message.RequestId,
                    FunctionLoadRequest = new FunctionLoadRequest { FunctionId = function.FunctionId, Metadata = function },
                });
            case StreamingMessage.ContentOneofCase.FunctionLoadResponse:
                ThrowIfFailed(message.FunctionLoadResponse.Result, $"load of {message.FunctionLoadResponse.FunctionId}");
                if (_loading.Remove(message.FunctionLoadResponse.FunctionId) && _loading.Count == 0)
                {
                    Worker = new LoadedWorker(_httpUri!, _functions);
                }

                return [];
            default:
                // Other messages the worker sends on its own need no answer.
                return [];
        }
    }

    private static void ThrowIfFailed(StatusResult result, string step)
    {
        if (result.Status == StatusResult.Types.Status.Failure)
        {
            throw new WorkerFailedException($"The worker's {step} failed: {result.Exception?.Message ?? result.Result}");
        }
    }
}
