using ConsumerApp;
using Cqrs;
using Cqrs.EventSourcing;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

// Usage: ConsumerApp <path of the SQLite file>. Prints what happened, one fact a line; exits 0 when all went through.
var services = new ServiceCollection();
services.AddSingleton(new Journal(expected: 2));
services.AddCqrs().AddEventSourcing().UseSqliteStore(args[0]);
await using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });

var commands = provider.GetRequiredService<ICommandBus>();
await commands.SendAsync(new PlaceOrder("order-1", 3));
foreach (var entry in await provider.GetRequiredService<Journal>().ReadAsync(TimeSpan.FromSeconds(30)))
{
    Console.WriteLine(entry);
}

Console.WriteLine(await provider.GetRequiredService<IQueryBus>().AskAsync(new OrderStatus("order-1")));

try
{
    await commands.SendAsync(new PlaceOrder("order-2", 0));
    Console.WriteLine("order-2: accepted");
}
catch (ValidationException invalid)
{
    Console.WriteLine($"order-2: rejected ({string.Join(", ", invalid.Errors.Select(error => error.PropertyName))})");
}
