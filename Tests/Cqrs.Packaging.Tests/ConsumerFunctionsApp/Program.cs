using Cqrs.Functions.Benchmark;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

// No function of its own: the benchmark function comes with its package, and this one call gives it what it runs with.
var builder = FunctionsApplication.CreateBuilder(args);
builder.ConfigureFunctionsWebApplication();
builder.Services.AddCqrsBenchmark(builder.Configuration.GetSection(BenchmarkOptions.SectionName));
builder.Build().Run();
