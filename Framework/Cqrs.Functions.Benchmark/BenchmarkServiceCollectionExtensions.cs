using Cqrs.Functions.Benchmark;
using Microsoft.Extensions.Configuration;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers what the benchmark function runs with.</summary>
public static class BenchmarkServiceCollectionExtensions
{
    /// <summary>
    /// Adds the runner behind <see cref="RunBenchmarkFunction"/>, its settings bound from <paramref name="section"/>
    /// (conventionally <see cref="BenchmarkOptions.SectionName"/>) and then given to <paramref name="configure"/>.
    /// Settings out of range stop the app at start.
    /// </summary>
    public static IServiceCollection AddCqrsBenchmark(this IServiceCollection services, IConfiguration section, Action<BenchmarkOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(section);
        services.AddOptions<BenchmarkOptions>()
            .Bind(section)
            .Configure(options => configure?.Invoke(options))
            .Validate(options => options.MaxOperations > 0 && options.MaxDuration > TimeSpan.Zero, "Benchmark limits must be positive.")
            .Validate(options => options.PricePerHourUsd is null or > 0, "Benchmark:PricePerHourUsd must be positive.")
            .Validate(options => options.ServiceBusPricePerMillionOperationsUsd >= 0, "Benchmark:ServiceBusPricePerMillionOperationsUsd must not be negative.")
            .ValidateOnStart();
        services.AddSingleton<BenchmarkRuns>();
        return services;
    }
}
