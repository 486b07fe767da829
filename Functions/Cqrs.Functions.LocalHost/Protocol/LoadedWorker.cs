using Microsoft.Azure.Functions.Worker.Grpc.Messages;

namespace Cqrs.Functions.LocalHost.Protocol;

/// <summary>A started worker: where it serves HTTP, and its functions as it described them.</summary>
internal sealed record LoadedWorker(Uri HttpUri, IReadOnlyList<RpcFunctionMetadata> Functions);
