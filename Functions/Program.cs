using Cqrs.Benchtest;
using Cqrs.Functions.Benchmark;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Functions.Hosting;

var builder = FunctionsApplication.CreateBuilder(args);
builder.ConfigureFunctionsWebApplication();

builder.Services.AddSampleBuses(builder.Configuration);
builder.Services.AddCommandIngestion();
builder.Services.AddCqrsBenchmark(
    builder.Configuration.GetSection(BenchmarkOptions.SectionName),
    options => options.Transport ??= SampleBuses.TransportOf(builder.Configuration) == TransportMode.ServiceBus ? BenchtestTransport.ServiceBus : BenchtestTransport.InProcess);
builder.Services.AddSampleTelemetry(builder.Configuration);

builder.Build().Run();
