using System.Diagnostics;
using Cqrs.Benchtest;
using Microsoft.ApplicationInsights;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Options;

namespace Cqrs.Functions.Benchmark;

/// <summary>
/// Runs the benchtest inside the app, one run at a time (a second call meanwhile gets 409), each bounded by the
/// settings' limits. The runner is kept for the app's life: its first run's start-up figure is the cold one. Where the
/// app has Application Insights (a <see cref="TelemetryClient"/> in its container), each finished run is recorded
/// there: a <c>CqrsBenchmarkRun</c> custom event and the <c>cqrs.benchmark.*</c> metrics.
/// </summary>
/// <param name="options">The settings, bounds and prices.</param>
/// <param name="telemetry">Application Insights' client, or null where the app has none.</param>
public sealed class BenchmarkRuns(IOptions<BenchmarkOptions> options, TelemetryClient? telemetry = null) : IDisposable
{
    private readonly BenchtestRunner _runner = new();
    private readonly SemaphoreSlim _oneAtATime = new(1, 1);

    /// <summary>
    /// Runs the benchtest with the settings <paramref name="request"/>'s query string gives: its JSON, or a problem
    /// (400 for a bad parameter, 409 while another run is on, 503 past <see cref="BenchmarkOptions.MaxDuration"/>).
    /// </summary>
    public async Task<IResult> RunAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        BenchtestSettings settings;
        try
        {
            settings = BenchmarkRequest.Read(request.Query, options.Value);
        }
        catch (ArgumentException exception)
        {
            return Results.Problem(statusCode: StatusCodes.Status400BadRequest, title: "Invalid benchmark parameter", detail: exception.Message);
        }

        if (!await _oneAtATime.WaitAsync(0, cancellationToken).ConfigureAwait(false))
        {
            return Results.Problem(statusCode: StatusCodes.Status409Conflict, title: "A benchmark is running", detail: "Call again once it has finished.");
        }

        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(options.Value.MaxDuration);
            // The run's sends start traces of their own, sampled at the run's ratio, not children of this request.
            Activity.Current = null;
            var result = await _runner.RunAsync(settings, progress: null, timeout.Token).ConfigureAwait(false);
            if (telemetry is not null)
            {
                // Outside the request's trace, as the run was: a sampler's decision about the request cannot drop it.
                await BenchmarkRunTelemetry.RecordAsync(telemetry, result, BenchmarkRequest.PlanName(request.Query, options.Value), timeout.Token).ConfigureAwait(false);
            }

            return Results.Text(result.ToJson(), "application/json");
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return Results.Problem(
                statusCode: StatusCodes.Status503ServiceUnavailable,
                title: "Benchmark took too long",
                detail: $"A run may take at most {options.Value.MaxDuration}; ask for fewer operations.");
        }
        finally
        {
            _oneAtATime.Release();
        }
    }

    /// <inheritdoc />
    public void Dispose() => _oneAtATime.Dispose();
}
