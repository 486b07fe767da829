using Microsoft.AspNetCore.Http;
using Microsoft.Azure.Functions.Worker;

namespace Cqrs.Functions.Benchmark;

/// <summary>
/// <c>POST /api/benchmark?tasks=&amp;commands=&amp;…</c>: runs the benchtest in this app and returns its JSON. The app's
/// worker SDK indexes it from this package; <c>AddCqrsBenchmark</c> registers what it runs with.
/// </summary>
public sealed class RunBenchmarkFunction(BenchmarkRuns runs)
{
    /// <summary>The function's name, as the app lists it.</summary>
    public const string Name = "RunBenchmark";

    /// <summary>Runs one benchmark with the settings the query string gives.</summary>
    [Function(Name)]
    public Task<IResult> RunAsync(
        [HttpTrigger(AuthorizationLevel.Function, "post", Route = "benchmark")] HttpRequest request,
        CancellationToken cancellationToken) =>
        runs.RunAsync(request, cancellationToken);
}
