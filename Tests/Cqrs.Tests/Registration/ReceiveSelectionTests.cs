using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Building;
using Cqrs.Tests.Support;
using Cqrs.Transports;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Cqrs.Tests.Registration;

/// <summary>
/// A process that only sends (<see cref="CqrsOptions.SendOnly"/>), or runs only some handlers (<see cref="CqrsOptions.Receive"/>),
/// on a transport that leaves the process: it builds only the handlers it runs, with their dependencies, and handles only
/// their messages. The in-process transport refuses both, and a name that stands for no handler fails the start.
/// </summary>
public sealed class ReceiveSelectionTests
{
    [Fact]
    public async Task SendOnly_StartedAndSending_BuildsNoHandlerNorItsDependencies_AndValidatesWhatItSends()
    {
        var transport = new OutboundTransport();
        using var host = CreateHost(transport, options => options.SendOnly = true);
        var constructions = host.Services.GetRequiredService<Constructions>();
        var bus = host.Services.GetRequiredService<ICommandBus>();

        await host.StartAsync();
        var builtAtStart = constructions.Built;
        await bus.SendAsync(new Stamp(Guid.NewGuid()));
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new Stamped(Guid.NewGuid()));
        await Assert.ThrowsAsync<ValidationException>(() => bus.SendAsync(new Stamp(Guid.Empty)).AsTask());
        await host.StopAsync();

        Assert.Empty(builtAtStart);
        Assert.Equal([typeof(StampValidator)], constructions.Built);
        Assert.Equal(["tests.v1.stamp", "tests.v1.stamped"], transport.Sent.Select(message => message.WireName));
    }

    [Theory]
    [InlineData(ServiceLifetime.Singleton)]
    [InlineData(ServiceLifetime.Scoped)]
    public async Task ReceiveHandlers_OneOfAnEventsTwo_RunsAndBuildsThatOneAlone(ServiceLifetime lifetime)
    {
        var transport = new OutboundTransport();
        using var host = CreateHost(transport, options =>
        {
            options.HandlerLifetime = lifetime;
            options.Receive.Handlers = [typeof(FileStamped).FullName!];
        });
        var constructions = host.Services.GetRequiredService<Constructions>();
        var recorder = host.Services.GetRequiredService<Recorder>();
        await host.StartAsync();
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new Stamped(Guid.NewGuid()));
        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new Stamp(Guid.NewGuid()));

        var eventHandled = await transport.DeliverAsync(transport.Sent[0]);
        var commandHandled = await transport.DeliverAsync(transport.Sent[1]);
        await host.StopAsync();

        Assert.Equal(DispositionKind.Complete, eventHandled.Kind);
        Assert.Equal((DispositionKind.DeadLetter, DeadLetterReasons.NoHandler), (commandHandled.Kind, commandHandled.Reason));
        Assert.Equal([typeof(FileStamped)], recorder.Deliveries.Where(delivery => delivery.Message is Stamp or Stamped).Select(delivery => delivery.Handler));
        Assert.Equal((1, 1, 0, 0), (constructions.Of<FileStamped>(), constructions.Of<Workshop>(), constructions.Of<AnnounceStamped>(), constructions.Of<StampHandler>()));
    }

    [Fact]
    public async Task ExceptHandlers_OneOfAnEventsTwo_RunsEveryOtherHandler_AndNeverBuildsThatOne()
    {
        var transport = new OutboundTransport();
        using var host = CreateHost(transport, options => options.Receive.ExceptHandlers = [typeof(AnnounceStamped).FullName!]);
        var recorder = host.Services.GetRequiredService<Recorder>();
        await host.StartAsync();
        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new Stamp(Guid.NewGuid()));

        await transport.DeliverAsync(transport.Sent[0]);
        await transport.DeliverAsync(Assert.Single(transport.Sent, message => message.WireName == "tests.v1.stamped"));
        await host.StopAsync();

        Assert.Equal([typeof(StampHandler), typeof(FileStamped)], recorder.Deliveries.Where(delivery => delivery.Message is Stamp or Stamped).Select(delivery => delivery.Handler));
        Assert.Equal(0, host.Services.GetRequiredService<Constructions>().Of<AnnounceStamped>());
    }

    [Fact]
    public async Task SendOnly_OnTheInProcessTransport_FailsTheStart_SayingWhy()
    {
        using var host = TestHost.CreateHost(options => options.SendOnly = true);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => host.StartAsync());

        Assert.Contains("runs no handler (Cqrs:SendOnly or Cqrs:Receive)", error.Message, StringComparison.Ordinal);
        Assert.Contains("the inprocess transport delivers messages only inside this process", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExceptHandlers_OnTheInProcessTransportWithNoHost_FailTheFirstSend_NamingTheHandlersLeftOut()
    {
        await using var provider = TestHost.Create(options => options.Receive.ExceptHandlers = [typeof(AnnounceStamped).FullName!]);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => provider.GetRequiredService<ICommandBus>().SendAsync(new Stamp(Guid.NewGuid())).AsTask());

        Assert.Contains($"does not run {typeof(AnnounceStamped).FullName} (Cqrs:Receive)", error.Message, StringComparison.Ordinal);
        Assert.Empty(provider.GetRequiredService<Recorder>().Deliveries);
    }

    [Fact]
    public async Task ReceiveNames_ThatStandForNoHandler_FailTheStart_EachNamedWithTheHandlers()
    {
        using var host = CreateHost(new OutboundTransport(), options =>
        {
            options.Receive.Handlers = ["Cqrs.Tests.Domain.Building.FileStamp"];
            options.Receive.ExceptHandlers = ["tests.v1.stamped"];
        });

        var error = await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());

        var unknownHandler = Assert.Single(error.Failures, failure => failure.StartsWith("Receive:Handlers names 'Cqrs.Tests.Domain.Building.FileStamp', which is no command or event handler here", StringComparison.Ordinal));
        Assert.Contains(typeof(FileStamped).FullName!, unknownHandler, StringComparison.Ordinal);
        Assert.Single(error.Failures, failure => failure.StartsWith("Receive:ExceptHandlers names 'tests.v1.stamped'", StringComparison.Ordinal));
    }

    private static IHost CreateHost(ITransport transport, Action<CqrsOptions> configure) =>
        TestHost.CreateHost(configure, services => services.Replace(ServiceDescriptor.Singleton(transport)));
}
