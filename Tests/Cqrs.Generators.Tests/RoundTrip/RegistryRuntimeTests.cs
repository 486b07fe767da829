using Cqrs.Generators.Tests.Infrastructure;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Generators.Tests.RoundTrip;

public sealed class RegistryRuntimeTests : IDisposable
{
    private readonly GeneratedAssembly _shop = new(ShopSnippet.Source, "Shop.App");

    public void Dispose() => _shop.Dispose();

    private IMessageRegistry Registry =>
        (IMessageRegistry)_shop.Type("Cqrs.Generated.ShopAppMessageRegistry").GetProperty("Instance")!.GetValue(null)!;

    [Fact]
    public void Registry_AddedWithAddCqrs_RegistersHandlersAndValidators()
    {
        var services = new ServiceCollection();

        services.AddCqrs(Registry);

        var ping = _shop.Type("Shop.Ping");
        Assert.Contains(services, service =>
            service.ServiceType == typeof(ICommandHandler<>).MakeGenericType(ping) && service.ImplementationType == _shop.Type("Shop.PingHandler"));
        Assert.Contains(services, service =>
            service.ServiceType == typeof(IValidator<>).MakeGenericType(ping) && service.ImplementationType == _shop.Type("Shop.PingValidator"));
        // Audit handles two events: registered for each, and as itself, which a process running only some handlers resolves.
        var audit = _shop.Type("Shop.Audit");
        Assert.Equal(2, services.Count(service => service.ImplementationType == audit && service.ServiceType.IsGenericType && service.ServiceType.GetGenericTypeDefinition() == typeof(IEventHandler<>)));
        Assert.Single(services, service => service.ServiceType == audit && service.ImplementationType == audit);
    }

    [Fact]
    public async Task Command_SentThroughTheBus_ReachesItsHandlerAsACopyMadeByTheRegisteredCodec()
    {
        var services = new ServiceCollection();
        services.AddCqrs(Registry, options => options.DirectDispatch = false);
        await using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
        dynamic sent = Activator.CreateInstance(_shop.Type("Shop.Rename"), Guid.NewGuid(), "renamed")!;
        sent.Note = "by the bus";
        dynamic received = ((dynamic)_shop.Type("Shop.RenameHandler").GetProperty("Received")!.GetValue(null)!).Task;

        await SendAsync(provider.GetRequiredService<ICommandBus>(), sent);
        await ((Task)received).WaitAsync(TimeSpan.FromSeconds(10));

        var copy = received.Result;
        Assert.NotSame(sent, copy);
        Assert.Equal((Guid)sent.Id, (Guid)copy.Id);
        Assert.Equal("renamed", (string)copy.Name);
        Assert.Equal("by the bus", (string)copy.Note);
    }

    private static async Task SendAsync<TCommand>(ICommandBus bus, TCommand command)
        where TCommand : ICommand =>
        await bus.SendAsync(command);
}
