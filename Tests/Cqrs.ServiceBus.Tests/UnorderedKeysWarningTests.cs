using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// Message types that name an ordering key, on Service Bus with <see cref="ServiceBusOptions.RequiresSession"/> off:
/// their order is not kept, and the start says so in a warning that names them.
/// </summary>
public sealed class UnorderedKeysWarningTests : IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new();
    private readonly CapturedLogs _logs = new();

    public ValueTask DisposeAsync() => _host.DisposeAsync();

    [Fact]
    public async Task Start_WithKeyedTypesAndSessionsOff_WarnsNamingEachKeyedType()
    {
        await RoundTripAsync(requiresSession: false);

        var warning = Assert.Single(Warnings());
        Assert.Contains("tests.v1.overlap, tests.v1.step, tests.v1.stepped have an ordering key", warning.Message, StringComparison.Ordinal);
        Assert.Contains("Cqrs:ServiceBus:RequiresSession is off", warning.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Start_WithKeyedTypesAndSessionsOn_DoesNotWarn()
    {
        await RoundTripAsync(requiresSession: true);

        Assert.Empty(Warnings());
    }

    /// <summary>Starts a container (its first send does) and sends a command through to its handler.</summary>
    private async Task RoundTripAsync(bool requiresSession)
    {
        await using var provider = _host.Create(
            transport: settings => settings.RequiresSession = requiresSession,
            entity: entity => entity.RequiresSession = requiresSession,
            addServices: services => services.AddLogging(logging => logging.AddProvider(_logs)));
        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
        await provider.GetRequiredService<Recorder>().WaitForAsync<ReserveInventory>();
    }

    private IEnumerable<CapturedLogs.Entry> Warnings() =>
        _logs.Entries.Where(entry => entry.Level == LogLevel.Warning && entry.Message.Contains("ordering key", StringComparison.Ordinal));
}
