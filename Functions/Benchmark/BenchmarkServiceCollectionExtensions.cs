using Cqrs.Benchtest;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Sample.Functions.Hosting;

namespace Sample.Functions.Benchmark;

/// <summary>Registers the benchmark function's runner and settings.</summary>
internal static class BenchmarkServiceCollectionExtensions
{
    public static IServiceCollection AddBenchmarkFunction(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOptions<BenchmarkOptions>()
            .Bind(configuration.GetSection(BenchmarkOptions.SectionName))
            .Validate(options => options.MaxOperations > 0 && options.MaxDuration > TimeSpan.Zero, "Benchmark limits must be positive.")
            .Validate(options => options.PricePerHourUsd is null or > 0, "Benchmark:PricePerHourUsd must be positive.")
            .Validate(options => options.ServiceBusPricePerMillionOperationsUsd >= 0, "Benchmark:ServiceBusPricePerMillionOperationsUsd must not be negative.")
            .PostConfigure(options => options.Transport ??= SampleBuses.TransportOf(configuration) == TransportMode.ServiceBus
                ? BenchtestTransport.ServiceBus
                : BenchtestTransport.InProcess)
            .ValidateOnStart();
        services.AddSingleton<BenchmarkRuns>();
        return services;
    }
}
