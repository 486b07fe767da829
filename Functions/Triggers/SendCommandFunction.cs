using Cqrs.Functions;
using Microsoft.AspNetCore.Http;
using Microsoft.Azure.Functions.Worker;

namespace Sample.Functions.Triggers;

/// <summary><c>POST /api/commands/{wireName}</c>: a command, as JSON or MessagePack, validated and sent.</summary>
public sealed class SendCommandFunction(CommandIngestion ingestion)
{
    [Function("SendCommand")]
    public Task<IResult> RunAsync(
        [HttpTrigger(AuthorizationLevel.Function, "post", Route = "commands/{wireName}")] HttpRequest request,
        string wireName,
        CancellationToken cancellationToken) =>
        ingestion.IngestAsync(request, wireName, cancellationToken);
}
