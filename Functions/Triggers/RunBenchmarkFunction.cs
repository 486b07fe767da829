using Microsoft.AspNetCore.Http;
using Microsoft.Azure.Functions.Worker;
using Sample.Functions.Benchmark;

namespace Sample.Functions.Triggers;

/// <summary><c>POST /api/benchmark?tasks=&amp;commands=&amp;…</c>: runs the benchtest in this app and returns its JSON.</summary>
public sealed class RunBenchmarkFunction(BenchmarkRuns runs)
{
    [Function("RunBenchmark")]
    public Task<IResult> RunAsync(
        [HttpTrigger(AuthorizationLevel.Function, "post", Route = "benchmark")] HttpRequest request,
        CancellationToken cancellationToken) =>
        runs.RunAsync(request, cancellationToken);
}
