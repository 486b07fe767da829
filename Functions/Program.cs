using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Functions.Benchmark;
using Sample.Functions.Hosting;

var builder = FunctionsApplication.CreateBuilder(args);
builder.ConfigureFunctionsWebApplication();

builder.Services.AddSampleBuses(builder.Configuration);
builder.Services.AddCommandIngestion();
builder.Services.AddBenchmarkFunction(builder.Configuration);
builder.Services.AddSampleTelemetry(builder.Configuration);

builder.Build().Run();
