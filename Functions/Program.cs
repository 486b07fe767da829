using Cqrs.Benchtest;
using Cqrs.Functions.Benchmark;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain.Deliveries;
using Sample.Functions.Hosting;
using Sample.Functions.Triggers;

var builder = FunctionsApplication.CreateBuilder(args);
builder.ConfigureFunctionsWebApplication();

builder.Services.AddSampleBuses(builder.Configuration);
// Only the commands the domain declares [PublicCommand]; a caller follows a delivery at its GetDelivery URL.
builder.Services.AddCommandIngestion(accept => accept
    .PublicCommands()
    .Follow<RequestDelivery>(command => GetDeliveryFunction.Location(command.DeliveryId))
    .Follow<ConfirmDropOff>(command => GetDeliveryFunction.Location(command.DeliveryId)));
builder.Services.AddCqrsBenchmark(
    builder.Configuration.GetSection(BenchmarkOptions.SectionName),
    options => options.Transport ??= SampleBuses.TransportOf(builder.Configuration) == TransportMode.ServiceBus ? BenchtestTransport.ServiceBus : BenchtestTransport.InProcess);
builder.Services.AddSampleTelemetry(builder.Configuration);

builder.Build().Run();
